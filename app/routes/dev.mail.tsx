import { desc } from "drizzle-orm";
import { data } from "react-router";
import { AppHeader } from "~/components/page-shell";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { cloudflareContext } from "~/context";
import { emailOutbox } from "~/db/schema";
import { getDb } from "~/utils/db.server";
import type { Route } from "./+types/dev.mail";

/**
 * The local mailbox: every e-mail the app sent, newest first, with its links. Exists
 * only where DEV_MAILBOX=true (.dev.vars: dev, preview, tests) and no e-mail API key
 * is set; a production deployment has neither, so this is a 404 there.
 */
export function mailboxEnabled(env: { DEV_MAILBOX?: string; EMAIL_API_KEY?: string }) {
  return env.DEV_MAILBOX === "true" && !env.EMAIL_API_KEY;
}

export async function loader({ context }: Route.LoaderArgs) {
  const { env } = context.get(cloudflareContext);
  if (!mailboxEnabled(env)) throw data("Not found", { status: 404 });
  const messages = await getDb(env)
    .select({
      id: emailOutbox.id,
      to: emailOutbox.toAddress,
      subject: emailOutbox.subject,
      text: emailOutbox.textBody,
      status: emailOutbox.status,
      createdAt: emailOutbox.createdAt,
      sentAt: emailOutbox.sentAt,
    })
    .from(emailOutbox)
    .orderBy(desc(emailOutbox.createdAt))
    .limit(50);
  return { messages: messages.map((m) => ({ ...m, links: [...m.text.matchAll(/https?:\/\/\S+/g)].map((x) => x[0]) })) };
}

export function headers(): HeadersInit {
  return { "Referrer-Policy": "no-referrer", "Cache-Control": "no-store" };
}

export function meta(): Route.MetaDescriptors {
  return [{ title: "Mailbox (development) | Event Flow" }, { name: "robots", content: "noindex" }];
}

export default function DevMail({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <AppHeader />
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-6">
        <h1 className="text-2xl font-bold text-slate-900">Mailbox</h1>
        <p className="mt-1 text-sm text-slate-600">E-mails sent by this local Event Flow. Development only.</p>
        {loaderData.messages.length === 0 ? (
          <p className="mt-6 text-slate-600">No e-mails yet.</p>
        ) : (
          <ol className="mt-6 space-y-4">
            {loaderData.messages.map((message) => (
              <li key={message.id}>
                <Card data-testid="mail-message">
                  <div className="flex flex-wrap items-center gap-2">
                    <h2 className="font-semibold text-slate-900">{message.subject}</h2>
                    <Badge tone={message.status === "sent" ? "success" : message.status === "failed" ? "danger" : "warning"}>
                      {message.status}
                    </Badge>
                  </div>
                  <p className="mt-1 text-sm text-slate-600">
                    To <span data-testid="mail-to">{message.to}</span> · <time dateTime={message.createdAt}>{message.createdAt}</time>
                  </p>
                  <pre className="mt-3 whitespace-pre-wrap break-words font-sans text-sm text-slate-800">{message.text}</pre>
                  {message.links.length > 0 ? (
                    <ul className="mt-3 space-y-1">
                      {message.links.map((link) => (
                        <li key={link}>
                          <a href={link} className="break-all text-sm font-medium text-brand-700 underline">
                            {link}
                          </a>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </Card>
              </li>
            ))}
          </ol>
        )}
      </main>
    </>
  );
}
