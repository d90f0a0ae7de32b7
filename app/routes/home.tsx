import { lazy } from "react";
import { redirect } from "react-router";
import { greetingName } from "~/modules/notifications/components/signed-in-header";
import { utcToday } from "~/modules/event/calendar";
import { listEvents } from "~/modules/event/service.server";
import { authAction } from "~/modules/account/auth-action.server";
import { AuthScreen } from "~/modules/account/components/auth-screen";
import { hasActivePro } from "~/modules/billing/entitlement";
import { dbFrom, getViewer } from "~/utils/auth.server";
import { importRetrying } from "~/utils/load-after-hydration";
import type { Route } from "./+types/home";

export function meta(): Route.MetaDescriptors {
  return [
    { title: "Event Flow" },
    { name: "description", content: "Timeline, shot list, people, vendors, team and client access for wedding and event photographers, live on every phone." },
  ];
}

/**
 * docs/product/screens.md#routes: without a session, / is the sign-in screen. A signed-in user needs
 * an active Pro subscription or an accepted invitation (else /subscription) and a
 * profile with a first name (else /profile-setup). `?eventId=` opens that event.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  // First of all, signed in or not: the event route does its own sign-in (with
  // returnTo) and its own 404, so a link from a notification or an e-mail lands there.
  const eventId = new URL(request.url).searchParams.get("eventId");
  if (eventId) throw redirect(`/events/${encodeURIComponent(eventId)}`);
  const viewer = getViewer(context);
  if (!viewer) return { viewer: null };
  // One D1 round trip: the hired list doubles as the accepted-invitation check.
  const { mine, hired, featured } = await listEvents(dbFrom(context), viewer.userId);
  // A lead whose subscription lapsed keeps their events (readable, editable);
  // only someone with nothing here and no Pro is sent to subscribe.
  if (!hasActivePro(viewer) && hired.length === 0 && mine.length === 0) throw redirect("/subscription");
  if (!viewer.firstName) throw redirect("/profile-setup");
  return {
    viewer: { greetingName: greetingName(viewer), firstName: viewer.firstName },
    canCreate: hasActivePro(viewer),
    mine,
    hired,
    featured,
    today: utcToday(),
  };
}

// A visitor's landing page is the sign-in screen: the signed-in home's code loads only for
// a signed-in person (decision 014, React.lazy); the server renders either at once. No
// Suspense boundary of its own: a client navigation to / (after signing in, a link home)
// then keeps the page it leaves until the home's code is there (a new boundary would show
// its empty fallback at once), and the home hydrates once its code is there.
const EventsHome = lazy(() =>
  importRetrying(() => import("~/modules/event/components/events-home")).then((module) => ({ default: module.EventsHome })),
);

export const action = authAction;

export default function Home({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.viewer) return <AuthScreen actionData={actionData} />;
  const { canCreate, mine, hired, featured, today } = loaderData as Extract<typeof loaderData, { canCreate: boolean }>;
  return <EventsHome greetingName={loaderData.viewer.greetingName} canCreate={canCreate} mine={mine} hired={hired} featured={featured} today={today} />;
}
