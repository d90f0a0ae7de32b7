import { eq } from "drizzle-orm";
import { redirect, type RouterContextProvider } from "react-router";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { cloudflareContext, viewerContext } from "~/context";
import { users } from "~/db/schema";
import { SignInSchema } from "~/modules/account/schema";
import { getDb, type Db } from "./db.server";
import { hashPassword, verifyPassword } from "./password.server";
import type { Viewer } from "./session.server";

export class InvalidCredentialsError extends Error {
  constructor() {
    super("Invalid login credentials");
  }
}

// Compared against when the address is unknown, so a miss costs as long as a hit and
// the response time does not tell which addresses have accounts.
let dummyHash: Promise<string> | undefined;

/** remix-auth verifies the credentials (form strategy); the session is ours. */
export function createAuthenticator(db: Db) {
  const authenticator = new Authenticator<{ id: string; email: string }>();
  authenticator.use(
    new FormStrategy(async ({ form }) => {
      const parsed = SignInSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) throw new InvalidCredentialsError();
      const [user] = await db
        .select({ id: users.id, email: users.email, passwordHash: users.passwordHash })
        .from(users)
        .where(eq(users.email, parsed.data.email));
      if (!user) {
        dummyHash ??= hashPassword("not-a-real-password-1A");
        await verifyPassword(parsed.data.password, await dummyHash);
        throw new InvalidCredentialsError();
      }
      if (!(await verifyPassword(parsed.data.password, user.passwordHash))) throw new InvalidCredentialsError();
      return { id: user.id, email: user.email };
    }),
    "form",
  );
  return authenticator;
}

export function getViewer(context: Readonly<RouterContextProvider>): Viewer | null {
  return context.get(viewerContext);
}

/** The signed-in viewer, or a redirect to /auth that comes back here afterwards. */
export function requireViewer(context: Readonly<RouterContextProvider>, request: Request): Viewer {
  const viewer = getViewer(context);
  if (viewer) return viewer;
  const url = new URL(request.url);
  throw redirect(`/auth?returnTo=${encodeURIComponent(`${url.pathname}${url.search}`)}`);
}

export function dbFrom(context: Readonly<RouterContextProvider>) {
  return getDb(context.get(cloudflareContext).env);
}
