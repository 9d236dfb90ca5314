import { describe, expect, it } from "vitest";
import { hashPassword, passwordProblem, verifyPassword } from "../../../accounts/auth/passwords.ts";

describe("passwords", () => {
  it("hashes with scrypt parameters in the hash and a fresh salt each time", async () => {
    const a = await hashPassword("correct horse battery");
    const b = await hashPassword("correct horse battery");
    expect(a.hash).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(a.salt, "base64")).toHaveLength(16);
    expect(a.salt).not.toBe(b.salt);
    expect(a.hash).not.toBe(b.hash);
    expect(a.hash).not.toContain("correct");
  });

  it("accepts the right password and refuses wrong ones, tampered hashes and unknown accounts", async () => {
    const stored = await hashPassword("correct horse battery");
    expect(await verifyPassword("correct horse battery", stored)).toBe(true);
    expect(await verifyPassword("correct horse batterY", stored)).toBe(false);
    expect(
      await verifyPassword("correct horse battery", { ...stored, salt: Buffer.alloc(16).toString("base64") }),
    ).toBe(false);
    expect(await verifyPassword("correct horse battery", { ...stored, hash: "md5$abc" })).toBe(false);
    expect(await verifyPassword("correct horse battery", null)).toBe(false);
  });

  it("treats canonically equal Unicode spellings as the same password", async () => {
    const stored = await hashPassword("caf\u00e9 au lait!");
    expect(await verifyPassword("cafe\u0301 au lait!", stored)).toBe(true);
  });

  it("costs about the same for an unknown account as for a wrong password", async () => {
    const stored = await hashPassword("correct horse battery");
    const time = async (fn: () => Promise<unknown>) => {
      const start = performance.now();
      for (let i = 0; i < 3; i++) await fn();
      return performance.now() - start;
    };
    const wrong = await time(() => verifyPassword("wrong password!", stored));
    const unknown = await time(() => verifyPassword("wrong password!", null));
    expect(unknown / wrong).toBeGreaterThan(0.3);
    expect(unknown / wrong).toBeLessThan(3);
  });

  it("rejects passwords shorter than 10 or longer than 1024 characters", () => {
    expect(passwordProblem("123456789")).toMatch(/at least 10/);
    expect(passwordProblem("1234567890")).toBeNull();
    expect(passwordProblem("x".repeat(1025))).toMatch(/at most 1024/);
  });
});
