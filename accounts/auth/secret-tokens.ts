/**
 * The random tokens a browser holds for a session cookie or a single-use link: 32 random bytes, base64url (43
 * characters). The store keeps only their sha256, so a copy of the state lets no one log in or follow a link.
 */
import { createHash, randomBytes } from "node:crypto";

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function newSecretToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashSecretToken(token) };
}

export const hashSecretToken = (token: string): string => createHash("sha256").update(token).digest("hex");

/** Whether `text` can be such a token: anything else is refused without a store call. */
export const isSecretTokenShaped = (text: string | null | undefined): text is string =>
  typeof text === "string" && TOKEN_SHAPE.test(text);
