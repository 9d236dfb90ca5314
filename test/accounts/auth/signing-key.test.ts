/**
 * The pages' signing keys on a real SQLite store: made once and kept, the same for a second process reading the same
 * store, separate per setting; a store that failed is asked again rather than remembered as failing. Signatures are
 * compared whole: a prefix, a longer string or one changed character is not the signature.
 */
import { describe, expect, it } from "vitest";
import { sameSignature, storedSigningKey } from "../../../accounts/auth/signing-key.ts";
import type { SettingStore } from "../../../accounts/store/types.ts";
import { tempStorePerTest } from "../../helpers/temp-store.ts";

describe("storedSigningKey", () => {
  const temp = tempStorePerTest();

  it("makes the key once and keeps it in the store, one per setting", async () => {
    const { store } = temp();
    const key = await storedSigningKey(store, "test_key")();
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Another instance over the same store reads the same key; another setting has its own.
    expect(await storedSigningKey(store, "test_key")()).toBe(key);
    expect(await store.getSetting("test_key")).toBe(key);
    expect(await storedSigningKey(store, "other_key")()).not.toBe(key);
  });

  it("asks a store that failed again on the next use", async () => {
    const { store } = temp();
    let fail = true;
    const flaky: Pick<SettingStore, "getOrInitSetting"> = {
      getOrInitSetting: (setting, candidate) =>
        fail ? Promise.reject(new Error("store down")) : store.getOrInitSetting(setting, candidate),
    };
    const key = storedSigningKey(flaky, "test_key");
    await expect(key()).rejects.toThrow("store down");
    fail = false;
    expect(await key()).toBe(await store.getSetting("test_key"));
  });
});

describe("sameSignature", () => {
  it("accepts the signature itself and nothing else", () => {
    const signature = "c2lnbmF0dXJlLW9mLXRoZS1zdWJzY3JpcHRpb24";
    expect(sameSignature(signature, signature)).toBe(true);
    expect(sameSignature(signature, signature.slice(0, -1))).toBe(false);
    expect(sameSignature(signature, `${signature}x`)).toBe(false);
    expect(sameSignature(signature, `${signature.slice(0, -1)}A`)).toBe(false);
    expect(sameSignature(signature, "")).toBe(false);
  });
});
