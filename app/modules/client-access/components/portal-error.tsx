import { AppHeader } from "~/components/page-shell";
import { ButtonLink } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";

/** docs/product/messages.md#client-portal: the message, then home (after a few seconds, or at once by the button). */
export function PortalError({ message }: { message: string }) {
  return (
    <>
      <meta httpEquiv="refresh" content="4;url=/" />
      <AppHeader />
      <main className="mx-auto w-full max-w-md flex-1 px-4 py-10">
        <Card>
          <CardTitle>{message}</CardTitle>
          <p role="alert" className="mt-2 text-slate-600">
            This client link is not valid. It may have been revoked or have expired: please ask your photographer for a new one.
          </p>
          <ButtonLink to="/" className="mt-6 w-full">
            Return to Home
          </ButtonLink>
        </Card>
      </main>
    </>
  );
}
