import { AppHeader } from "~/components/page-shell";
import { ButtonLink } from "~/components/ui/button";
import { EVENT_DELETED } from "../deleted-event";

/**
 * docs/product/screens.md#deleted-event: the page of an event deleted while the viewer could
 * open it (the lead's other devices, the team, the event's client links), and the way home.
 */
export function EventDeleted({ homeLabel = "Back to Events" }: { homeLabel?: string }) {
  return (
    <>
      <AppHeader />
      <main className="mx-auto flex w-full max-w-md flex-1 flex-col items-center px-4 py-20 text-center">
        <h1 className="text-2xl font-bold text-slate-900">{EVENT_DELETED}</h1>
        <p className="mt-2 text-slate-600">Its timeline, shot list, people and vendors are no longer available.</p>
        <ButtonLink to="/" className="mt-8">
          {homeLabel}
        </ButtonLink>
      </main>
    </>
  );
}
