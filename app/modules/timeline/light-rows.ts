import { type DayLight, dayLight } from "./sun";
import { formatClock, type HourCycle, minutesOf } from "./span";

// The day's light as marker rows among the timeline's blocks (docs/product/screens.md#the-light):
// 'Golden hour' and 'Blue hour' with their span, 'Sunset' at its minute, each placed by time
// before the first block starting after it. Computed on the device from the event's row, so
// they show with no signal. Client-safe and pure.

export type LightMarker = { readonly kind: "golden_hour" | "sunset" | "blue_hour"; readonly label: string; readonly start: number; readonly end: number | null };

/** What the light needs of the event: its date and zone, and its venue's point when set. */
export type LightEvent = { readonly date: string; readonly timeZone: string; readonly venueLatitude: number | null; readonly venueLongitude: number | null };

/** The event's day light; null without a venue location (or with one the sun cannot be computed for). */
export function lightOf(event: LightEvent | null | undefined): DayLight | null {
  if (!event || event.venueLatitude === null || event.venueLongitude === null) return null;
  return dayLight({ date: event.date, timeZone: event.timeZone, latitude: event.venueLatitude, longitude: event.venueLongitude });
}

/** The evening's markers in time order; a span or time outside the event's day is left out. */
export function lightMarkers(light: DayLight | null): LightMarker[] {
  if (!light) return [];
  const markers: LightMarker[] = [];
  const inDay = (minutes: number) => minutes >= 0 && minutes < 24 * 60;
  if (light.goldenHour && inDay(light.goldenHour.start)) markers.push({ kind: "golden_hour", label: "Golden hour", start: light.goldenHour.start, end: light.goldenHour.end });
  if (light.sunset !== null && inDay(light.sunset)) markers.push({ kind: "sunset", label: "Sunset", start: light.sunset, end: null });
  if (light.blueHour && inDay(light.blueHour.start)) markers.push({ kind: "blue_hour", label: "Blue hour", start: light.blueHour.start, end: light.blueHour.end });
  return markers.sort((a, b) => a.start - b.start);
}

/** A marker's time as its row shows it: "6:21 PM – 7:32 PM", or "6:58 PM". */
export function markerTime(marker: LightMarker, cycle: HourCycle) {
  return marker.end === null ? formatClock(marker.start, cycle) : `${formatClock(marker.start, cycle)} – ${formatClock(marker.end, cycle)}`;
}

export type LightSlot<B> = { readonly block: B } | { readonly marker: LightMarker };

/**
 * The blocks shown with the markers among them: each marker before the first timed block
 * starting after it. Markers after every timed block go after the last one (before blocks with
 * no start time), but only when `last` (the shown blocks reach the list's end); markers before
 * the first shown block only when `first` (they start the list). A window of a long list
 * shows the markers that fall inside it.
 */
export function withMarkers<B extends { readonly startTime: string | null }>(blocks: readonly B[], markers: readonly LightMarker[], { first = true, last = true } = {}): LightSlot<B>[] {
  const slots: LightSlot<B>[] = [];
  const pending = [...markers];
  let seenTimed = false;
  for (const block of blocks) {
    const start = block.startTime === null ? null : minutesOf(block.startTime);
    if (start !== null) {
      while (pending.length && pending[0]!.start < start) {
        const marker = pending.shift()!;
        if (seenTimed || first) slots.push({ marker });
      }
      seenTimed = true;
    } else if (last) {
      // The untimed blocks come last: the day's remaining markers go before them.
      for (const marker of pending.splice(0)) slots.push({ marker });
    }
    slots.push({ block });
  }
  if (last) for (const marker of pending) slots.push({ marker });
  return slots;
}
