/** POST /api/login: e-mail and password for a login token. Unknown e-mails cost the same as wrong passwords. */
import type { Store } from "../store/types.ts";
import { normalizeEmail } from "./accounts.ts";
import type { AuthConfig } from "./config.ts";
import { JWT_LIFETIME_SECONDS, jwtKey, signAccountJwt } from "./jwt.ts";
import { MAX_PASSWORD_LENGTH, verifyPassword } from "./passwords.ts";

export interface LoginToken {
  token: string;
  token_type: "Bearer";
  /** Seconds. */
  expires_in: number;
  user_id: string;
}

/** The token payload for `data`, or null for wrong credentials (including unknown or unverified accounts). */
export async function login(
  store: Store,
  config: Pick<AuthConfig, "jwtSecret">,
  email: string,
  password: string,
  now = new Date(),
): Promise<LoginToken | null> {
  // No account has a longer password; refusing early keeps huge inputs from tying up scrypt.
  if (password.length > MAX_PASSWORD_LENGTH) return null;
  const account = await store.findAccountByEmail(normalizeEmail(email));
  const stored = account ? { hash: account.passwordHash, salt: account.passwordSalt } : null;
  const matches = await verifyPassword(password, stored);
  if (!account || !matches || !account.verified) return null;
  return {
    token: await signAccountJwt(account.id, await jwtKey(store, config), now),
    token_type: "Bearer",
    expires_in: JWT_LIFETIME_SECONDS,
    user_id: account.id,
  };
}
