import { redirect } from "react-router";
import { AppFooter } from "~/components/page-shell";
import { greetingName, SignedInHeader } from "~/components/signed-in-header";
import { Card } from "~/components/ui/card";
import { authAction } from "~/modules/account/auth-action.server";
import { AuthScreen } from "~/modules/account/components/auth-screen";
import { dbFrom, getViewer, hasAppAccess } from "~/utils/auth.server";
import type { Route } from "./+types/home";

export function meta(): Route.MetaDescriptors {
  return [
    { title: "Event Flow" },
    { name: "description", content: "Timeline, shot list, people, vendors, team and client access for wedding and event photographers, live on every phone." },
  ];
}

/**
 * Spec route table: without a session, / is the sign-in screen. A signed-in user needs
 * an active Pro subscription or an accepted invitation (else /subscription) and a
 * profile with a first name (else /profile-setup).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const viewer = getViewer(context);
  if (!viewer) return { viewer: null };
  if (!(await hasAppAccess(dbFrom(context), viewer))) throw redirect("/subscription");
  if (!viewer.firstName) throw redirect("/profile-setup");
  return { viewer: { greetingName: greetingName(viewer), firstName: viewer.firstName } };
}

export const action = authAction;

export default function Home({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.viewer) return <AuthScreen actionData={actionData} />;
  return (
    <>
      <SignedInHeader greetingName={loaderData.viewer.greetingName} />
      <main className="mx-auto w-full max-w-5xl flex-1 px-4 py-6">
        <h1 className="text-2xl font-bold text-slate-900">My Events</h1>
        <Card className="mt-4">
          <p className="text-slate-700">Your events appear here.</p>
        </Card>
      </main>
      <AppFooter />
    </>
  );
}
