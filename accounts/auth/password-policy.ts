/**
 * What a new password must be (sign-up, password reset): the length rules of passwords.ts, not one of the most
 * common passwords (common-passwords.txt, a reviewed data file with its source and licence in its header), and not
 * the account's own e-mail address or name. Said to the reader before they submit (PASSWORD_RULES) and checked here.
 */
import { readFileSync } from "node:fs";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, passwordProblem } from "./passwords.ts";

const LIST = new URL("./common-passwords.txt", import.meta.url);

export const PASSWORD_RULES = `At least ${MIN_PASSWORD_LENGTH} characters (at most ${MAX_PASSWORD_LENGTH}); not one of the most common passwords, nor your e-mail address or name. A few unrelated words make a good one.`;

let common: ReadonlySet<string> | null = null;

/** The list, read once: lines that are neither blank nor comments, lower-cased. */
export function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(
    readFileSync(LIST, "utf8")
      .split("\n")
      .map((line) => line.trim().toLowerCase())
      .filter((line) => line !== "" && !line.startsWith("#")),
  );
  return common;
}

/** Why `password` may not be chosen by this account, or null. */
export function newPasswordProblem(
  password: string,
  account: { email: string; name?: string | null },
): string | null {
  const length = passwordProblem(password);
  if (length) return length;
  const folded = password.trim().toLowerCase();
  if (commonPasswords().has(folded))
    return "this password is one of the most common passwords, which are guessed first: choose another";
  const own = [account.email, account.email.split("@")[0] ?? "", account.name ?? ""].map((s) =>
    s.trim().toLowerCase(),
  );
  if (own.some((s) => s.length > 0 && folded === s))
    return "the password must not be your e-mail address or name";
  return null;
}
