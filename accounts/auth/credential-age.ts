/**
 * Whether a login token or a session predates its account's last password reset (Account.credentialsValidAfter):
 * a reset ends every credential issued before it, except API keys, which are revoked one by one.
 */
import type { Account } from "../store/types.ts";

export function issuedBeforeReset(
  issuedAtMs: number,
  account: Pick<Account, "credentialsValidAfter">,
): boolean {
  return (
    account.credentialsValidAfter !== undefined && issuedAtMs < Date.parse(account.credentialsValidAfter)
  );
}
