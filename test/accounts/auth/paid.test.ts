import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { mintPaidAccess, verifyPaidAccess } from "../../../accounts/auth/paid.ts";
import { PAID_KEY } from "./helpers.ts";

const encoded = new TextEncoder().encode(PAID_KEY);
const now = new Date("2025-03-10T12:00:00Z");
const later = (seconds: number) => new Date(now.getTime() + seconds * 1000);

describe("X-Paid-Access", () => {
  it("accepts a token for its own path until it expires", async () => {
    const token = await mintPaidAccess(PAID_KEY, { path: "/api/conferences/12", ttlSeconds: 60, now });
    expect(await verifyPaidAccess(token, "/api/conferences/12", PAID_KEY, later(59))).toBe(true);
    expect(await verifyPaidAccess(token, "/api/conferences/13", PAID_KEY, later(1))).toBe(false);
    expect(await verifyPaidAccess(token, "/api/conferences/12", PAID_KEY, later(61))).toBe(false);
  });

  it("refuses a token without a path or an id: it would open every path, or could not be single-use", async () => {
    const noPath = await new SignJWT({})
      .setProtectedHeader({ alg: "HS256" })
      .setJti("j1")
      .setExpirationTime(later(60))
      .sign(encoded);
    const noId = await new SignJWT({ path: "/mcp" })
      .setProtectedHeader({ alg: "HS256" })
      .setExpirationTime(later(60))
      .sign(encoded);
    expect(await verifyPaidAccess(noPath, "/mcp", PAID_KEY, now)).toBe(false);
    expect(await verifyPaidAccess(noId, "/mcp", PAID_KEY, now)).toBe(false);
  });

  it("treats forged, unsigned, other-algorithm, exp-less or unconfigured tokens as absent", async () => {
    const forged = await mintPaidAccess("some-other-key-0123456789abcdef01234", {
      path: "/a",
      ttlSeconds: 60,
      now,
    });
    const unsigned = `${Buffer.from('{"alg":"none"}').toString("base64url")}.${Buffer.from(
      JSON.stringify({ exp: Math.floor(later(60).getTime() / 1000) }),
    ).toString("base64url")}.`;
    const hs384 = await new SignJWT({})
      .setProtectedHeader({ alg: "HS384" })
      .setExpirationTime("1h")
      .sign(encoded);
    const noExp = await new SignJWT({}).setProtectedHeader({ alg: "HS256" }).sign(encoded);
    const wrongPathType = await new SignJWT({ path: ["/a"] })
      .setProtectedHeader({ alg: "HS256" })
      .setExpirationTime(later(60))
      .sign(encoded);
    for (const token of [forged, unsigned, hs384, noExp, wrongPathType, "garbage", "", null, undefined]) {
      expect(await verifyPaidAccess(token, "/a", PAID_KEY, now)).toBe(false);
    }
    const good = await mintPaidAccess(PAID_KEY, { path: "/a", ttlSeconds: 60, now });
    expect(await verifyPaidAccess(good, "/a", null, now)).toBe(false);
  });
});
