import { FEED_BLOCKS, type FeedBlocks } from "~/db/enums";
import { cloudflareContext } from "~/context";
import { refuse, saved, signedIn } from "~/modules/account/settings-forms.server";
import { resetFeed, saveFeedBlocks } from "~/modules/calendar/feed.server";
import { dbFrom } from "~/utils/auth.server";
import type { Route } from "./+types/settings.calendar";

const isFeedBlocks = (value: unknown): value is FeedBlocks => (FEED_BLOCKS as readonly unknown[]).includes(value);

/**
 * Settings → Notifications → 'Calendar feed' (docs/product/screens.md#calendar-feed): 'Reset link'
 * (the first time 'Create link') makes a new link and stops the old one at once; 'Save
 * feed settings' chooses which blocks the feed lists.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const viewer = signedIn(context, request);
  const { env } = context.get(cloudflareContext);
  const db = dbFrom(context);
  const intent = formData.get("intent");
  if (intent === "calendar-feed-reset") {
    const first = formData.get("first") === "1";
    await resetFeed(db, env, viewer.userId);
    return saved(context, request, first ? "Calendar link created" : "Calendar link reset", first ? null : "The old link no longer works.");
  }
  if (intent === "calendar-feed-blocks") {
    const blocks = formData.get("blocks");
    if (!isFeedBlocks(blocks)) return refuse("calendar-feed-blocks", 400, "Validation Error", "Please choose which blocks to include");
    await saveFeedBlocks(db, env, viewer.userId, blocks);
    return saved(context, request, "Calendar feed saved");
  }
  return refuse(null, 400, "Error", "Unknown action");
}

export { SettingsPage as default } from "./settings-page";
