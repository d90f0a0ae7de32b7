import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { CheckOffButton, FullScreenHeader, useWakeLock } from "~/modules/event/components/full-screen";
import { canDo } from "~/modules/event/intents";
import type { Grant } from "~/modules/event/permissions";
import type { ListRow } from "~/modules/lists/registry";
import type { LiveStatus } from "~/modules/live/connection-status";
import { PendingMark } from "~/modules/offline/use-outbox";
import { callerPlace, nameOf, personRolesOf, ROLE_PLURALS } from "../groupings";

type Shot = ListRow<"shot">;
type Person = ListRow<"person">;

/**
 * docs/product/screens.md#name-caller: the family formals groupings one at a time, full
 * screen, for calling names across a churchyard: every name large with how to say it and
 * its VIP mark, who of the next group to gather now, and a done mark that checks the
 * grouping's shot off for everyone (the shot list's check-off: live, kept offline, once).
 * The group shown is in the URL (`group`), so 'Next group' is a link, before JavaScript too.
 */
export function NameCaller({
  event,
  shots,
  people,
  role,
  status,
  closeTo,
}: {
  event: { id: string; title: string };
  shots: readonly Shot[];
  people: readonly Person[];
  role: Grant;
  status: LiveStatus;
  closeTo: string;
}) {
  useWakeLock();
  const [params] = useSearchParams();
  // Opened without a group: the first not done when it opened, kept there as it is checked off.
  const [opened] = useState(() => String(callerPlace(shots, people, params.get("group")).number));
  const place = callerPlace(shots, people, params.get("group") ?? opened);
  const groupHref = (number: number) => {
    const next = new URLSearchParams(params);
    next.set("group", String(number));
    return `?${next}`;
  };
  const current = place.current;
  const canCheck = canDo(role, "toggle-shot");
  // A grouping by role whose roles no one on the people list has yet.
  const waiting = current ? personRolesOf(current).map((each) => ROLE_PLURALS[each]) : [];

  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <FullScreenHeader title="Call names" subtitle={event.title} closeTo={closeTo} closeLabel="Close name caller" status={status} />
      <main className="mx-auto flex w-full max-w-xl flex-1 flex-col gap-4 px-4 py-4">
        {current ? (
          <>
            <section aria-labelledby="caller-group" className={`rounded-2xl border-2 bg-white p-4 ${current.isDone ? "border-emerald-600" : "border-brand-600"}`}>
              <p className="text-sm font-bold tracking-wide text-brand-700 uppercase" data-testid="caller-count">{`Group ${place.number} of ${place.count}`}</p>
              <h2 id="caller-group" className="mt-1 text-xl leading-7 font-bold break-words text-slate-900">
                {current.title}
                <PendingMark id={current.id} />
              </h2>
              {current.isDone ? (
                <p className="mt-1 text-base font-semibold text-emerald-700" role="status">
                  ✓ Done
                </p>
              ) : null}
              {place.people.length === 0 ? (
                <p className="mt-3 text-lg text-slate-700">{waiting.length ? `No one yet: add the ${waiting.join(", ")} on the People tab.` : "No one in this group now."}</p>
              ) : null}
              <ul className="mt-3 space-y-3" aria-label="Names">
                {place.people.map((person) => (
                  <li key={person.id}>
                    <p className="text-3xl leading-9 font-bold break-words text-slate-900">
                      {nameOf(person)}
                      {person.isVip ? (
                        <span className="ml-2 inline-block rounded-md bg-amber-100 px-1.5 align-middle text-base font-bold text-amber-800">
                          <span aria-hidden="true">★ </span>VIP
                        </span>
                      ) : null}
                    </p>
                    {person.pronunciation ? <p className="text-lg leading-7 text-slate-700">{`Say: ${person.pronunciation}`}</p> : null}
                  </li>
                ))}
              </ul>
              {canCheck ? (
                <div className="mt-4">
                  {current.isDone ? (
                    <CheckOffButton intent="toggle-shot" id={current.id} done={false} variant="secondary">
                      Not done
                    </CheckOffButton>
                  ) : (
                    <CheckOffButton intent="toggle-shot" id={current.id}>
                      Done
                    </CheckOffButton>
                  )}
                </div>
              ) : null}
            </section>

            <section aria-labelledby="caller-next" className="rounded-2xl border border-slate-200 bg-white p-4">
              <h2 id="caller-next" className="sr-only">
                Next group
              </h2>
              {place.next ? (
                <>
                  <p className="text-lg leading-7 font-semibold break-words text-slate-900" data-testid="caller-gather">
                    {place.gather.length ? `Next: ${place.gather.map(nameOf).join(", ")}` : "Next: no one new"}
                  </p>
                  <p className="text-base text-slate-700">{place.next.title}</p>
                </>
              ) : (
                <p className="text-base text-slate-700">This is the last group.</p>
              )}
            </section>

            <nav aria-label="Groups" className="mt-auto grid grid-cols-2 gap-2">
              {place.number > 1 ? (
                <Link to={groupHref(place.number - 1)} replace preventScrollReset className={buttonClass("secondary", "min-h-14 text-lg")}>
                  Previous group
                </Link>
              ) : (
                <span />
              )}
              {place.next ? (
                <Link to={groupHref(place.number + 1)} replace preventScrollReset className={buttonClass("primary", "min-h-14 text-lg")}>
                  Next group
                </Link>
              ) : null}
            </nav>
          </>
        ) : (
          <p className="text-lg text-slate-700">No groupings yet. Add them on the Shots tab with 'Add grouping'.</p>
        )}
      </main>
    </div>
  );
}
