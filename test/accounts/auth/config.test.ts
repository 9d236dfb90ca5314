import { describe, expect, it } from "vitest";
import { ConfigError, readAuthConfig } from "../../../accounts/auth/config.ts";

const LONG = "k".repeat(32);

describe("readAuthConfig", () => {
  it("defaults to 200 per account, 50 per IP, no proxy trust, generated JWT secret, paid access off", () => {
    expect(readAuthConfig({})).toEqual({
      accountDailyQuota: 200,
      anonDailyQuota: 50,
      trustProxyHops: 0,
      jwtSecret: null,
      paidAccessKey: null,
    });
  });

  it("reads quotas, secrets and every accepted TRUST_PROXY spelling", () => {
    const config = readAuthConfig({
      ACCOUNT_DAILY_QUOTA: "1000",
      ANON_DAILY_QUOTA: "0",
      JWT_SECRET: LONG,
      PAID_ACCESS_KEY: `${LONG}x`,
    });
    expect(config).toMatchObject({ accountDailyQuota: 1000, anonDailyQuota: 0, jwtSecret: LONG });
    const hops = (v: string) => readAuthConfig({ TRUST_PROXY: v }).trustProxyHops;
    expect([hops("true"), hops("TRUE"), hops("1"), hops("2"), hops("false"), hops("0"), hops("")]).toEqual([
      1, 1, 1, 2, 0, 0, 0,
    ]);
  });

  it("refuses bad values with a message naming the variable", () => {
    expect(() => readAuthConfig({ TRUST_PROXY: "yes" })).toThrow(/TRUST_PROXY/);
    expect(() => readAuthConfig({ ACCOUNT_DAILY_QUOTA: "-5" })).toThrow(/ACCOUNT_DAILY_QUOTA/);
    expect(() => readAuthConfig({ ANON_DAILY_QUOTA: "lots" })).toThrow(ConfigError);
    expect(() => readAuthConfig({ JWT_SECRET: "short" })).toThrow(/JWT_SECRET must be at least 32/);
    expect(() => readAuthConfig({ PAID_ACCESS_KEY: "short" })).toThrow(/PAID_ACCESS_KEY/);
    expect(() => readAuthConfig({ JWT_SECRET: LONG, PAID_ACCESS_KEY: LONG })).toThrow(/must differ/);
  });
});
