/** API keys: "vd_" + 32 random bytes (base64url). Only their sha256 is stored; the key is shown once. */
import { hash, randomBytes } from "node:crypto";

export const API_KEY_PREFIX = "vd_";
const API_KEY_SHAPE = /^vd_[A-Za-z0-9_-]{43}$/;

export function hashApiKey(key: string): string {
  // One-shot: hashed on every keyed request, and cheaper than a Hash object.
  return hash("sha256", key, "hex");
}

export function isApiKeyShaped(credential: string): boolean {
  return API_KEY_SHAPE.test(credential);
}

export function generateApiKey(): { key: string; hash: string } {
  const key = API_KEY_PREFIX + randomBytes(32).toString("base64url");
  return { key, hash: hashApiKey(key) };
}

/** Public identifier of a key, for listing and revoking; reveals nothing about the key. */
export function newKeyId(): string {
  return `key_${randomBytes(8).toString("hex")}`;
}
