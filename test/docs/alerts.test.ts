/**
 * docs/alerts.yml, the Prometheus alerting rules the operations guide offers: it parses as YAML in Prometheus's
 * rule-file shape, and every metric an expression names is one a running server's /metrics exports (Prometheus's
 * own `up` and functions aside).
 */
import { readFileSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { recordBuildStep } from "../../runtime/build-status.ts";
import { startTestService, type TestService } from "../helpers/accounts-service.ts";
import { REPO_ROOT } from "../helpers/run-ts.ts";

interface Rule {
  alert: string;
  expr: string;
  for?: string;
  labels?: { severity?: string };
  annotations?: { summary?: string };
}

const file = join(REPO_ROOT, "docs/alerts.yml");
const rules = (
  parse(readFileSync(file, "utf8")) as { groups: { name: string; rules: Rule[] }[] }
).groups.flatMap((g) => g.rules);
/** Names in an expression that are not metrics: Prometheus's functions, aggregations, keywords, label names. */
const NOT_METRICS = new Set([
  "rate",
  "increase",
  "sum",
  "by",
  "time",
  "up",
  "instance",
  "job",
  "step",
  "status",
  "state",
]);

/** The metric names an expression reads: identifiers outside label matchers and strings. */
function metricsOf(expr: string): string[] {
  const bare = expr
    .replace(/\{[^}]*\}/g, "")
    .replace(/\[[^\]]*\]/g, "")
    .replace(/"[^"]*"/g, "");
  return [...new Set(bare.match(/[a-zA-Z_:][a-zA-Z0-9_:]*/g) ?? [])].filter((name) => !NOT_METRICS.has(name));
}

describe("docs/alerts.yml", () => {
  let service: TestService;
  let exported: Set<string>;
  beforeAll(async () => {
    service = await startTestService({
      STATE_DIR: await mkdtemp(join(tmpdir(), "vd-alerts-")),
      REDIS_URL: "",
    });
    // Build and sync outcomes are exported once a builder recorded them.
    for (const step of ["sync", "build"] as const) {
      recordBuildStep(service.snapshotsDir, step, {
        outcome: "ok",
        at: new Date().toISOString(),
        duration_ms: 1,
      });
    }
    const text = await (await service.fetch("/metrics")).text();
    exported = new Set([...text.matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1] ?? ""));
  });
  afterAll(async () => service?.close());

  it("is a rule file of alerts, each with an expression, a severity and a summary", () => {
    expect(rules.length).toBeGreaterThan(5);
    for (const rule of rules) {
      expect(rule.alert).toMatch(/^VenueDirectory\w+$/);
      expect(rule.expr.trim()).not.toBe("");
      expect(["critical", "warning"]).toContain(rule.labels?.severity);
      expect(rule.annotations?.summary).toBeTruthy();
      if (rule.for !== undefined) expect(rule.for).toMatch(/^\d+[smh]$/);
    }
  });

  it("names only metrics a running server exports", () => {
    const named = rules.flatMap((rule) =>
      metricsOf(rule.expr).map((metric) => ({ alert: rule.alert, metric })),
    );
    expect(named.length).toBeGreaterThan(5);
    const missing = named.filter(({ metric }) => !exported.has(metric));
    expect(missing).toEqual([]);
  });

  it("watches the state identity, builds, syncs and snapshot loading", () => {
    const all = rules.map((r) => r.expr).join("\n");
    for (const metric of ["vd_state_identity_ok", "vd_build_step_ok", "vd_snapshot_load_failures_total"]) {
      expect(all).toContain(metric);
    }
  });
});
