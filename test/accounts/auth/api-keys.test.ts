import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { generateApiKey, hashApiKey, isApiKeyShaped, newKeyId } from "../../../accounts/auth/api-keys.ts";

describe("API keys", () => {
  it('are "vd_" plus 32 random bytes in base64url, and come with their sha256', () => {
    const { key, hash } = generateApiKey();
    expect(key).toMatch(/^vd_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(key.slice(3), "base64url")).toHaveLength(32);
    expect(hash).toBe(createHash("sha256").update(key).digest("hex"));
    expect(hashApiKey(key)).toBe(hash);
    expect(generateApiKey().key).not.toBe(key);
  });

  it("are recognised by shape only when exactly right", () => {
    expect(isApiKeyShaped(generateApiKey().key)).toBe(true);
    expect(isApiKeyShaped(`vd_${"a".repeat(42)}`)).toBe(false);
    expect(isApiKeyShaped(`xx_${"a".repeat(43)}`)).toBe(false);
    expect(isApiKeyShaped("eyJhbGciOiJIUzI1NiJ9.e30.sig")).toBe(false);
  });

  it("have public ids unrelated to the key", () => {
    expect(newKeyId()).toMatch(/^key_[0-9a-f]{16}$/);
    expect(newKeyId()).not.toBe(newKeyId());
  });
});
