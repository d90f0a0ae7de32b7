import { type FieldMetadata, getInputProps, getSelectProps } from "@conform-to/react";
import { useId, useMemo, useState } from "react";
import { useParams } from "react-router";
import { Button } from "~/components/ui/button";
import { ADDRESS_SEARCH_UNREACHABLE, NO_PLACES_FOUND } from "../address-messages";
import { Field } from "~/components/forms";
import { SelectField } from "~/components/dialog-fields";
import { useHydrated } from "~/components/ui/toaster";
import { DELETE_CONFIRMATION, DeleteEventSchema, EditEventSchema, STATUS_CHOICES } from "../schema";
import { STATUS_LABEL } from "./status-badge";
import { suggestedLockOn } from "../client-lock";
import { formatEventDate } from "../format";
import { FormDialog, formDefaults, useDialogForm } from "./form-dialog";
import { TemplateNameSchema } from "~/modules/templates/schema";
import { TEMPLATE_NAME_MAX } from "~/modules/templates/template";

type EditableEvent = {
  title: string;
  coupleNames: string | null;
  date: string;
  venue: string | null;
  timeZone: string;
  statusOverride: string | null;
  clientEditsLockOn: string | null;
  venueLatitude: number | null;
  venueLongitude: number | null;
};

const STATUS_OPTIONS = STATUS_CHOICES.map((value) => ({
  value,
  label: value === "auto" ? "Automatic (from the date)" : STATUS_LABEL[value],
}));

/**
 * The zones to offer. The browser's list is used once hydrated: the server's list
 * (another ICU build) could differ and break hydration. Without JavaScript the
 * current zone is the only choice.
 */
function useTimeZones(current: string) {
  const hydrated = useHydrated();
  return useMemo(() => {
    const zones = hydrated && typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
    return [...new Set([current, "UTC", ...zones])].map((zone) => ({ value: zone, label: zone.replaceAll("_", " ") }));
  }, [hydrated, current]);
}

/** Edit event (lead only): the create form's fields, the status and the time zone. */
export function EditEventDialog({ event }: { event: EditableEvent }) {
  const [form, fields, base] = useDialogForm("edit-event", undefined, EditEventSchema, {
    ...formDefaults(event, ["title", "coupleNames", "date", "venue", "timeZone", "clientEditsLockOn", "venueLatitude", "venueLongitude"]),
    status: event.statusOverride ?? "auto",
  });
  const timeZones = useTimeZones(event.timeZone);
  return (
    <FormDialog base={base} title="Edit Event" intent="edit-event" form={form} submitLabel="Save Changes">
      <Field required label="Event Title" inputProps={getInputProps(fields.title, { type: "text" })} errors={fields.title.errors} />
      <Field label="Couple Names" inputProps={getInputProps(fields.coupleNames, { type: "text" })} errors={fields.coupleNames.errors} />
      <Field required label="Wedding Date" inputProps={getInputProps(fields.date, { type: "date" })} errors={fields.date.errors} />
      <Field label="Venue" inputProps={getInputProps(fields.venue, { type: "text" })} errors={fields.venue.errors} />
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Venue location</legend>
        <p className="mt-0.5 text-xs text-slate-500">
          For golden hour, sunset and blue hour on the timeline: the venue's latitude and longitude, as a map shows them (35.579, -82.67).
        </p>
        <AddressSearch
          onPick={(place) => {
            form.update({ name: fields.venueLatitude.name, value: String(place.latitude) });
            form.update({ name: fields.venueLongitude.name, value: String(place.longitude) });
          }}
          onClear={() => {
            form.update({ name: fields.venueLatitude.name, value: "" });
            form.update({ name: fields.venueLongitude.name, value: "" });
          }}
        />
        <div className="mt-2 grid grid-cols-2 gap-3">
          <Field label="Latitude" inputProps={{ ...getInputProps(fields.venueLatitude, { type: "text" }), inputMode: "decimal", autoComplete: "off" }} errors={fields.venueLatitude.errors} />
          <Field label="Longitude" inputProps={{ ...getInputProps(fields.venueLongitude, { type: "text" }), inputMode: "decimal", autoComplete: "off" }} errors={fields.venueLongitude.errors} />
        </div>
      </fieldset>
      <SelectField
        label="Status"
        hint="Automatic: upcoming before the date, active on it, completed after it."
        inputProps={getSelectProps(fields.status)}
        options={STATUS_OPTIONS}
        errors={fields.status.errors}
      />
      <SelectField
        label="Time Zone"
        hint="The event's local time zone; it decides when the day begins and ends."
        inputProps={getSelectProps(fields.timeZone)}
        options={timeZones}
        errors={fields.timeZone.errors}
      />
      <Field
        label="Client edits lock on"
        hint={`From this date the client links can only view. Suggested: ${formatEventDate(suggestedLockOn(event.date))}, two days before.`}
        inputProps={getInputProps(fields.clientEditsLockOn, { type: "date" })}
        errors={fields.clientEditsLockOn.errors}
      />
    </FormDialog>
  );
}

type Place = { label: string; latitude: number; longitude: number };
type SearchState = { kind: "idle" } | { kind: "searching" } | { kind: "found"; places: Place[] } | { kind: "failed"; message: string } | { kind: "picked"; label: string };

/**
 * 'Search address' (docs/product/screens.md#the-light): asks our server (the lead's
 * address-search endpoint, decision 018) and offers up to five places; picking one fills
 * Latitude and Longitude, which the form saves. Needs JavaScript: before it loads, and
 * offline, the coordinates are typed. The search box has no name, so it is never submitted.
 */
function AddressSearch({ onPick, onClear }: { onPick: (place: Place) => void; onClear: () => void }) {
  const hydrated = useHydrated();
  const { eventId } = useParams();
  const id = useId();
  const [query, setQuery] = useState("");
  const [state, setState] = useState<SearchState>({ kind: "idle" });
  if (!hydrated || !eventId) return null;
  const search = async () => {
    setState({ kind: "searching" });
    try {
      const response = await fetch(`/events/${encodeURIComponent(eventId)}/address-search?q=${encodeURIComponent(query)}`, { headers: { Accept: "application/json" } });
      const body = (await response.json()) as { places?: Place[]; error?: string };
      if (body.places) setState({ kind: "found", places: body.places });
      else setState({ kind: "failed", message: body.error ?? ADDRESS_SEARCH_UNREACHABLE });
    } catch {
      setState({ kind: "failed", message: ADDRESS_SEARCH_UNREACHABLE });
    }
  };
  return (
    <div className="mt-2">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        Search address
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={id}
          type="search"
          value={query}
          autoComplete="off"
          enterKeyHint="search"
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={(event) => {
            // Enter searches here; it does not save the form.
            if (event.key === "Enter") {
              event.preventDefault();
              void search();
            }
          }}
          className="block min-h-11 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-100"
        />
        <Button variant="secondary" onClick={() => void search()} disabled={state.kind === "searching"}>
          {state.kind === "searching" ? "Searching…" : "Search"}
        </Button>
      </div>
      <div aria-live="polite">
        {state.kind === "failed" ? <p className="mt-1 text-sm text-red-700">{state.message}</p> : null}
        {state.kind === "found" && state.places.length === 0 ? <p className="mt-1 text-sm text-slate-600">{NO_PLACES_FOUND}</p> : null}
        {state.kind === "picked" ? <p className="mt-1 text-sm text-slate-600">Location set: {state.label}</p> : null}
      </div>
      {state.kind === "found" && state.places.length > 0 ? (
        <ul aria-label="Places found" className="mt-1 divide-y divide-slate-200 rounded-lg border border-slate-200">
          {state.places.map((place) => (
            <li key={`${place.latitude},${place.longitude},${place.label}`}>
              <button
                type="button"
                className="block min-h-11 w-full px-3 py-2 text-left text-sm text-slate-800 hover:bg-slate-100"
                onClick={() => {
                  onPick(place);
                  setState({ kind: "picked", label: place.label });
                }}
              >
                {place.label}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <button
        type="button"
        className="mt-1 min-h-11 text-sm font-medium text-brand-700 underline"
        onClick={() => {
          onClear();
          setState({ kind: "idle" });
        }}
      >
        Clear location
      </button>
    </div>
  );
}

/** docs/product/screens.md#delete-event, docs/product/validation.md#delete-event: deleting needs the word "delete" typed exactly; the button waits for it. */
export function DeleteEventDialog({ event }: { event: { title: string } }) {
  const hydrated = useHydrated();
  const [typed, setTyped] = useState("");
  const [form, fields] = useDialogForm("delete-event", undefined, DeleteEventSchema);
  return (
    <FormDialog
      title="Delete Event"
      intent="delete-event"
      form={form}
      submitLabel="Delete Event"
      busyLabel="Deleting..."
      destructive
      submitDisabled={hydrated && typed !== DELETE_CONFIRMATION}
    >
      <p className="text-sm text-slate-700">
        This permanently deletes <strong>{event.title}</strong> with its timeline, shot list, people, vendors, team and client access, for
        everyone. This cannot be undone.
      </p>
      <ConfirmationWordField field={fields.confirmation} onTyped={setTyped} autoFocus />
    </FormDialog>
  );
}

/** docs/product/validation.md#delete-event: the field where the word "delete" is typed, as every deletion asks for it. */
export function ConfirmationWordField({ field, onTyped, autoFocus = false }: { field: FieldMetadata<string>; onTyped: (typed: string) => void; autoFocus?: boolean }) {
  return (
    <Field
      label={'Type "delete" to confirm'}
      inputProps={{
        ...getInputProps(field, { type: "text" }),
        autoFocus,
        autoComplete: "off",
        autoCapitalize: "none",
        spellCheck: false,
        onChange: (change) => onTyped(change.currentTarget.value),
      }}
      errors={field.errors}
    />
  );
}

/** docs/product/screens.md#save-as-template: the lead names the template (the event's title to start with). */
export function SaveTemplateDialog({ event }: { event: { title: string } }) {
  const [form, fields] = useDialogForm("save-template", undefined, TemplateNameSchema, { name: event.title.slice(0, TEMPLATE_NAME_MAX) });
  return (
    <FormDialog title="Save as template" intent="save-template" form={form} submitLabel="Save Template">
      <p className="text-sm text-slate-700">Keeps this timeline (times from its first block) and shot list, without assignments or done marks, to start a new event from.</p>
      <Field required label="Template name" inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoFocus: true }} errors={fields.name.errors} />
    </FormDialog>
  );
}
