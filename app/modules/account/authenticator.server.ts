import { eq } from "drizzle-orm";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { users } from "~/db/schema";
import type { Db } from "~/utils/db.server";
import { hashPassword, verifyPassword } from "~/utils/password.server";
import { SignInSchema } from "./schema";

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
