import { data, Form, Link, useNavigation, useSearchParams } from "react-router";
import { z } from "zod";
import { AppFooter } from "~/components/page-shell";
import { greetingName, SignedInHeader } from "~/components/signed-in-header";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { ActionToast } from "~/components/ui/toaster";
import {
  BLOCK_TYPE_LABELS,
  type BlockType,
  PERSON_ROLE_LABELS,
  type PersonRole,
  SHOT_CATEGORIES,
  SHOT_CATEGORY_LABELS,
  type ShotCategory,
  VENDOR_TYPE_LABELS,
  type VendorType,
} from "~/db/enums";
import { errorToast } from "~/modules/account/action-result";
import { formatEventDate, StatusBadge } from "~/modules/event/components/event-card";
import { can } from "~/modules/event/permissions";
import { loadDashboard, requireEventAccess, toEventSummary, toggleDone } from "~/modules/event/service.server";
import type { Route } from "./+types/events.$eventId";

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: loaderData ? `${loaderData.event.title} | Event Flow` : "Event not found | Event Flow" }];
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { event, role, viewer, db } = await requireEventAccess(context, request, params.eventId, "view");
  const lists = await loadDashboard(db, event.id);
  return {
    greetingName: greetingName(viewer),
    role,
    event: toEventSummary(event),
    ...lists,
  };
}

const ToggleSchema = z.object({
  intent: z.enum(["toggle-block", "toggle-shot"]),
  id: z.string().min(1).max(64),
  done: z.enum(["true", "false"]),
});

export async function action({ request, context, params }: Route.ActionArgs) {
  const { event, viewer, db } = await requireEventAccess(context, request, params.eventId, "toggleDone");
  const parsed = ToggleSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ toast: errorToast("Error", "That request was not understood.") }, { status: 400 });
  const kind = parsed.data.intent === "toggle-block" ? "block" : "shot";
  const found = await toggleDone(db, kind, event.id, parsed.data.id, viewer.userId, parsed.data.done === "true");
  if (!found) {
    const message = kind === "block" ? "Failed to update timeline block." : "Failed to update shot item.";
    return data({ toast: errorToast(message, "It was deleted or belongs to another event. The list has been refreshed.") }, { status: 404 });
  }
  return { toast: null };
}

const TABS = [
  { id: "timeline", label: "Timeline" },
  { id: "shots", label: "Shots" },
  { id: "people", label: "People" },
  { id: "vendors", label: "Vendors" },
] as const;

function percent(done: number, total: number) {
  return total === 0 ? 0 : Math.round((done / total) * 100);
}

export default function EventDashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { event, blocks, shots, people, vendors, role } = loaderData;
  const [params] = useSearchParams();
  const tab = TABS.find((t) => t.id === params.get("tab"))?.id ?? "timeline";
  const blocksDone = blocks.filter((b) => b.isDone).length;
  const shotsDone = shots.filter((s) => s.isDone).length;
  const canToggle = can(role, "toggleDone");

  return (
    <>
      <SignedInHeader greetingName={loaderData.greetingName} />
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-4">
        <Link to="/" className="inline-flex min-h-11 items-center text-sm font-medium text-brand-700 hover:underline">
          ← Back to Events
        </Link>
        <header className="mt-1">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-bold text-slate-900">{event.title}</h1>
            <StatusBadge status={event.status} />
          </div>
          {event.coupleNames ? <p className="mt-1 text-slate-700">{event.coupleNames}</p> : null}
          <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-600">
            <Badge tone="brand">
              <time dateTime={event.date}>{formatEventDate(event.date)}</time>
            </Badge>
            {event.venue ? <span>{event.venue}</span> : null}
            <span>
              Shots {shotsDone}/{shots.length}
            </span>
          </p>
        </header>

        <div className="mt-4 grid grid-cols-2 gap-3">
          <Progress label="Timeline" done={blocksDone} total={blocks.length} />
          <Progress label="Shots" done={shotsDone} total={shots.length} />
        </div>

        <nav aria-label="Event sections" className="sticky top-16 z-30 -mx-4 mt-4 overflow-x-auto bg-slate-50 px-4 py-2">
          <div role="tablist" className="flex gap-1">
            {TABS.map((t) => (
              <Link
                key={t.id}
                role="tab"
                aria-selected={tab === t.id}
                to={t.id === "timeline" ? "?" : `?tab=${t.id}`}
                replace
                preventScrollReset
                className={`flex min-h-10 items-center rounded-md px-3 text-sm font-semibold ${
                  tab === t.id ? "bg-brand-600 text-white" : "text-slate-700 hover:bg-slate-200"
                }`}
              >
                {t.label}
              </Link>
            ))}
          </div>
        </nav>

        <section className="mt-3" aria-label={TABS.find((t) => t.id === tab)?.label}>
          {tab === "timeline" ? (
            <ul className="space-y-2">
              {blocks.map((block) => (
                <li key={block.id}>
                  <ToggleRow
                    intent="toggle-block"
                    id={block.id}
                    done={block.isDone}
                    disabled={!canToggle}
                    title={block.title}
                    meta={[
                      block.startTime,
                      `${block.durationMinutes} min`,
                      BLOCK_TYPE_LABELS[block.blockType as BlockType],
                      block.location,
                    ]}
                    notes={block.notes}
                  />
                </li>
              ))}
              {blocks.length === 0 ? <p className="text-slate-600">No timeline blocks yet</p> : null}
            </ul>
          ) : null}

          {tab === "shots" ? <ShotList shots={shots} canToggle={canToggle} /> : null}

          {tab === "people" ? (
            <ul className="space-y-2">
              {people.map((person) => (
                <li key={person.id}>
                  <Card className="!p-4">
                    <p className="font-semibold text-slate-900">
                      {person.isVip ? <span aria-label="VIP" className="mr-1 text-amber-500">★</span> : null}
                      {person.firstName} {person.lastName}
                      {person.pronunciation ? (
                        <span className="ml-2 text-base font-medium text-brand-700">({person.pronunciation})</span>
                      ) : null}
                    </p>
                    <p className="mt-1 text-sm">
                      <Badge>{PERSON_ROLE_LABELS[person.role as PersonRole]}</Badge>
                    </p>
                    {person.notes ? <p className="mt-2 text-sm text-slate-600">{person.notes}</p> : null}
                  </Card>
                </li>
              ))}
              {people.length === 0 ? <p className="text-slate-600">No people added yet</p> : null}
            </ul>
          ) : null}

          {tab === "vendors" ? (
            vendors.length === 0 ? (
              <p className="text-slate-600">No vendors added yet. Click "Add Vendor" to get started.</p>
            ) : (
              <ul className="space-y-2">
                {vendors.map((vendor) => (
                  <li key={vendor.id}>
                    <Card className="!p-4">
                      <p className="font-semibold text-slate-900">{vendor.vendorName}</p>
                      <p className="text-sm text-slate-600">
                        {VENDOR_TYPE_LABELS[vendor.vendorType as VendorType]}
                        {vendor.companyName ? ` · ${vendor.companyName}` : ""}
                      </p>
                      <p className="mt-1 flex flex-wrap gap-x-4 text-sm">
                        {vendor.phoneNumber ? <a className="text-brand-700 underline" href={`tel:${vendor.phoneNumber}`}>{vendor.phoneNumber}</a> : null}
                        {vendor.email ? <a className="text-brand-700 underline" href={`mailto:${vendor.email}`}>{vendor.email}</a> : null}
                      </p>
                      {vendor.notes ? <p className="mt-2 text-sm text-slate-600">{vendor.notes}</p> : null}
                    </Card>
                  </li>
                ))}
              </ul>
            )
          ) : null}
        </section>
      </main>
      <AppFooter />
      <ActionToast toast={actionData?.toast} />
    </>
  );
}

function Progress({ label, done, total }: { label: string; done: number; total: number }) {
  const value = percent(done, total);
  return (
    <Card className="!p-3">
      <p className="text-sm font-medium text-slate-700">
        {label} {done}/{total}
      </p>
      <div className="mt-2 h-2 rounded-full bg-slate-100" role="progressbar" aria-label={`${label} progress`} aria-valuenow={value} aria-valuemin={0} aria-valuemax={100}>
        <div className="h-2 rounded-full bg-brand-600" style={{ width: `${value}%` }} />
      </div>
      <p className="mt-1 text-xs text-slate-500">{value}%</p>
    </Card>
  );
}

/** A row that checks itself off: a real form, so it works before JavaScript loads. */
function ToggleRow({
  intent,
  id,
  done,
  disabled,
  title,
  meta,
  notes,
}: {
  intent: "toggle-block" | "toggle-shot";
  id: string;
  done: boolean;
  disabled: boolean;
  title: string;
  meta: Array<string | null>;
  notes?: string | null;
}) {
  const navigation = useNavigation();
  const pending = navigation.formData?.get("id") === id;
  const shownDone = pending ? navigation.formData?.get("done") === "true" : done;
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="done" value={String(!done)} />
      <button
        type="submit"
        disabled={disabled}
        aria-pressed={shownDone}
        className={`flex w-full items-start gap-3 rounded-xl border p-4 text-left shadow-sm ${
          shownDone ? "border-green-200 bg-green-50" : "border-slate-200 bg-white"
        }`}
      >
        <span
          aria-hidden="true"
          className={`mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full border-2 ${
            shownDone ? "border-green-600 bg-green-600 text-white" : "border-slate-300"
          }`}
        >
          {shownDone ? "✓" : ""}
        </span>
        <span className="flex-1">
          <span className={`block font-semibold ${shownDone ? "text-slate-500 line-through" : "text-slate-900"}`}>{title}</span>
          <span className="block text-sm text-slate-600">{meta.filter(Boolean).join(" · ")}</span>
          {notes ? <span className="mt-1 block text-sm text-slate-600">{notes}</span> : null}
        </span>
      </button>
    </Form>
  );
}

function ShotList({ shots, canToggle }: { shots: Array<{ id: string; title: string; category: string; description: string | null; isDone: boolean }>; canToggle: boolean }) {
  const [params] = useSearchParams();
  // Spec: the filter offers all, getting_ready, ceremony, reception and wedding_party.
  const filters = ["all", "getting_ready", "ceremony", "reception", "wedding_party"] as const;
  const filter = filters.find((f) => f === params.get("category")) ?? "all";
  const visible = filter === "all" ? shots : shots.filter((s) => s.category === filter);
  const groups = SHOT_CATEGORIES.map((category) => ({ category, items: visible.filter((s) => s.category === category) })).filter((g) => g.items.length > 0);
  return (
    <>
      <div className="mb-3 flex flex-wrap gap-2" aria-label="Filter shots">
        {filters.map((f) => (
          <Link
            key={f}
            to={f === "all" ? "?tab=shots" : `?tab=shots&category=${f}`}
            replace
            preventScrollReset
            aria-current={filter === f ? "true" : undefined}
            className={`min-h-9 rounded-full border px-3 py-1.5 text-sm ${filter === f ? "border-brand-600 bg-brand-50 text-brand-700" : "border-slate-300 text-slate-700"}`}
          >
            {f === "all" ? "All" : SHOT_CATEGORY_LABELS[f]}
          </Link>
        ))}
      </div>
      {groups.map((group) => (
        <div key={group.category} className="mb-4">
          <h2 className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-500">{SHOT_CATEGORY_LABELS[group.category as ShotCategory]}</h2>
          <ul className="space-y-2">
            {group.items.map((shot) => (
              <li key={shot.id}>
                <ToggleRow intent="toggle-shot" id={shot.id} done={shot.isDone} disabled={!canToggle} title={shot.title} meta={[shot.description]} />
              </li>
            ))}
          </ul>
        </div>
      ))}
      {visible.length === 0 ? <p className="text-slate-600">No shots in list yet</p> : null}
    </>
  );
}
