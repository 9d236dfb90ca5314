/**
 * The keys the pages sign with (form tokens, subscription links): made once and kept in the state store, so every
 * instance and the builder agree and nothing secret about a signed thing needs storing.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import type { SettingStore } from "../store/types.ts";

/** The key kept under `setting` (made on first use), read from the store once; a store that failed is asked again. */
export function storedSigningKey(
  store: Pick<SettingStore, "getOrInitSetting">,
  setting: string,
): () => Promise<string> {
  let key: Promise<string> | null = null;
  return () => {
    key ??= store.getOrInitSetting(setting, randomBytes(32).toString("base64url"));
    key.catch(() => {
      key = null;
    });
    return key;
  };
}

/** Whether `sent` is the signature `expected`, compared in constant time. */
export function sameSignature(expected: string, sent: string): boolean {
  const want = Buffer.from(expected);
  const got = Buffer.from(sent);
  return want.length === got.length && timingSafeEqual(want, got);
}
