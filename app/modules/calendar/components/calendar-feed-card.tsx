import { Form } from "react-router";
import { optionsOf, SelectField } from "~/components/dialog-fields";
import { Field } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { showToast, useHydrated } from "~/components/ui/toaster";
import { useSubmitting } from "~/components/use-submitting";
import { FEED_BLOCKS, FEED_BLOCKS_LABELS, type FeedBlocks } from "~/db/enums";
import { useSettingsAction } from "~/modules/account/settings-answer";
import { newToast } from "~/utils/result";

// Settings' Notifications section, its 'Calendar feed' card (docs/product/screens.md#calendar-feed):
// loaded with the section, not with the settings page's first JavaScript (decision 014).

export type CalendarFeedCardData = { url: string | null; exists: boolean; blocks: FeedBlocks };

/** The feed's link, 'Copy link' and 'Reset link', and which blocks it lists. */
export function CalendarFeedCard({ feed }: { feed: CalendarFeedCardData }) {
  const resetting = useSubmitting("calendar-feed-reset");
  const saving = useSubmitting("calendar-feed-blocks");
  const action = useSettingsAction("calendar");
  const hydrated = useHydrated();
  return (
    <Card aria-labelledby="calendar-feed-title">
      <CardTitle id="calendar-feed-title">Calendar feed</CardTitle>
      <p className="mt-1 text-sm text-slate-600">
        Every event you lead or work on, in your calendar app. It follows the plan as it changes. Anyone with the link can see these events: keep it to
        yourself.
      </p>
      {feed.url ? (
        <div className="mt-4 space-y-3">
          <Field
            label="Feed link"
            inputProps={{ id: "calendar-feed-url", type: "text", readOnly: true, value: feed.url, onFocus: (e) => e.currentTarget.select() }}
            hint="Add it in your calendar app as a subscription (From URL)."
          />
          <div className="flex flex-wrap gap-2">
            {hydrated ? (
              <Button
                type="button"
                onClick={async () => {
                  try {
                    await navigator.clipboard.writeText(feed.url!);
                    showToast(newToast("success", "Link copied"));
                  } catch {
                    showToast(newToast("error", "Could not copy the link", "Select the link and copy it by hand."));
                  }
                }}
              >
                Copy link
              </Button>
            ) : null}
            <Form method="post" action={action}>
              <input type="hidden" name="intent" value="calendar-feed-reset" />
              <Button type="submit" variant="secondary" disabled={resetting}>
                Reset link
              </Button>
            </Form>
          </div>
          <p className="text-xs text-slate-500">Reset link stops the old link at once; calendars that use it must subscribe again.</p>
        </div>
      ) : (
        <Form method="post" action={action} className="mt-4 space-y-2">
          <input type="hidden" name="intent" value="calendar-feed-reset" />
          {feed.exists ? (
            <p className="text-sm text-slate-600">This link can no longer be shown. Reset link to get a new one.</p>
          ) : (
            <input type="hidden" name="first" value="1" />
          )}
          <Button type="submit" disabled={resetting}>
            {feed.exists ? "Reset link" : "Create link"}
          </Button>
        </Form>
      )}
      <Form method="post" action={action} className="mt-6 space-y-4 border-t border-slate-200 pt-4">
        <input type="hidden" name="intent" value="calendar-feed-blocks" />
        <SelectField
          label="Blocks in the feed"
          inputProps={{ id: "calendar-feed-blocks", name: "blocks", defaultValue: feed.blocks }}
          options={optionsOf(FEED_BLOCKS, FEED_BLOCKS_LABELS)}
          hint="Each event's day is always in it; choose whether its timeline blocks are too."
        />
        <Button type="submit" variant="secondary" disabled={saving}>
          {saving ? "Saving..." : "Save feed settings"}
        </Button>
      </Form>
    </Card>
  );
}
