import { type FormEvent, useState } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { UrlDialog } from "~/components/ui/url-dialog";
import { useCloseAfterQueue } from "~/modules/event/components/form-dialog";
import { useDialogHrefs } from "~/modules/event/dialog-href";
import { useOutboxContext } from "~/modules/offline/use-outbox";
import { type RosterEntry, shortName } from "../assignees";

// 'Assign' (docs/product/screens.md#who-shoots-what): who shoots a block or a shot, the lead's
// choice among the team, one box each. Saved as one change, the whole set (live, offline and
// once, like every change); without JavaScript the same form posts to the page.

export function AssignDialog({ intent, row, roster }: { intent: "assign-block" | "assign-shot"; row: { id: string; title: string; assignees?: readonly string[] }; roster: readonly RosterEntry[] }) {
  const { close } = useDialogHrefs();
  const outbox = useOutboxContext();
  const closeAfterQueue = useCloseAfterQueue();
  const [busy, setBusy] = useState(false);
  const send = (event: FormEvent<HTMLFormElement>) => {
    if (!outbox) return;
    event.preventDefault();
    setBusy(true);
    const userIds = new FormData(event.currentTarget).getAll("userIds").map(String);
    outbox.queue({ name: intent, args: { id: row.id, userIds } });
    closeAfterQueue();
  };
  const on = new Set(row.assignees ?? []);
  return (
    <UrlDialog title={`Assign ${row.title}`} closeTo={close}>
      <Form method="post" preventScrollReset onSubmit={send}>
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="id" value={row.id} />
        <fieldset>
          <legend className="text-sm text-slate-700">Who shoots it</legend>
          <div className="mt-2 space-y-1">
            {roster.map((entry) => (
              <label key={entry.userId} className="flex min-h-11 items-center gap-3 text-sm text-slate-800">
                <input type="checkbox" name="userIds" value={entry.userId} defaultChecked={on.has(entry.userId)} className="size-5 rounded border-slate-300 accent-brand-600" />
                {[shortName(entry), entry.lastName].filter(Boolean).join(" ")}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="mt-4 flex justify-end gap-2">
          <Button type="submit" disabled={busy} className="min-h-11">
            Save
          </Button>
        </div>
      </Form>
    </UrlDialog>
  );
}
