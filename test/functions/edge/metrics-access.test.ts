/**
 * Who may read /metrics (edge/metrics.ts), as a rule: a loopback client address in any spelling, or anyone sending
 * METRICS_TOKEN as a bearer token when one is set; everyone else is refused, naming how to get in. The same rule
 * over HTTP is in health.test.ts.
 */
import { describe, expect, it } from "vitest";
import { isLoopback, metricsRefusal } from "../../../functions/edge/metrics.ts";
import { loadConfig } from "../../../functions/server-config.ts";

const TOKEN = "scraper-token-0123456789";

/** Client addresses that are loopback, by the range they are in, and that are not, by why not. */
const LOOPBACK = {
  "127.0.0.0/8, also IPv4-mapped": ["127.0.0.1", "127.0.0.2", "127.255.255.254", "::ffff:127.0.0.1"],
  "::1 in every spelling": ["::1", "[::1]", "0:0:0:0:0:0:0:1"],
};
const NOT_LOOPBACK = {
  "other addresses": ["128.0.0.1", "10.0.0.1", "192.0.2.1", "::2", "fe80::1", "::ffff:10.0.0.1"],
  "no address": ["unknown", "", "localhost"],
};

describe("the /metrics rule", () => {
  it("counts 127.0.0.0/8 and ::1 in every spelling as loopback, nothing else", () => {
    for (const ip of Object.values(LOOPBACK).flat()) expect(isLoopback(ip), ip).toBe(true);
    for (const ip of Object.values(NOT_LOOPBACK).flat()) expect(isLoopback(ip), ip).toBe(false);
  });

  it("lets loopback in without a token, a remote caller only with the exact token", () => {
    expect(metricsRefusal("127.0.0.1", null, null)).toBeUndefined();
    expect(metricsRefusal("127.0.0.1", null, TOKEN)).toBeUndefined();
    expect(metricsRefusal("192.0.2.1", `Bearer ${TOKEN}`, TOKEN)).toBeUndefined();
    expect(metricsRefusal("192.0.2.1", `bearer  ${TOKEN} `, TOKEN)).toBeUndefined();
    expect(metricsRefusal("192.0.2.1", null, null)).toMatch(/loopback callers only .*METRICS_TOKEN/);
    // Without a token set, no bearer opens it (not even an empty one).
    expect(metricsRefusal("192.0.2.1", "Bearer ", null)).toBeDefined();
    expect(metricsRefusal("192.0.2.1", `Bearer ${TOKEN}`, null)).toBeDefined();
    for (const sent of [null, `Bearer ${TOKEN.slice(1)}`, `Bearer ${TOKEN}0`, TOKEN, `Basic ${TOKEN}`]) {
      expect(metricsRefusal("192.0.2.1", sent, TOKEN), String(sent)).toMatch(/Bearer <METRICS_TOKEN>/);
    }
  });
});

describe("METRICS_TOKEN", () => {
  it("is unset (loopback only) by default; a short or spaced token stops the server, naming it", () => {
    expect(loadConfig({}).metricsToken).toBeNull();
    expect(loadConfig({ METRICS_TOKEN: ` ${TOKEN} ` }).metricsToken).toBe(TOKEN);
    for (const bad of ["short", "has a space in it ok"]) {
      expect(() => loadConfig({ METRICS_TOKEN: bad }), bad).toThrow(
        /METRICS_TOKEN must be at least 16 characters/,
      );
    }
  });
});
