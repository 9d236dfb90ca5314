/**
 * The deadline audit (pipeline/audit/deadline-audit.ts, `npm run audit:deadlines`) on the real upstream data and a
 * snapshot built from it: every deadline ccfddl, hf, pwc, mpc and the reference publish is on the venue it names,
 * in its edition (and the outlook of that cycle), or missing for a reason the build report lists. A snapshot
 * that loses a round or files an entry under another venue fails it.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  type AuditEntry,
  auditDeadlines,
  type DeadlineAudit,
} from "../../../pipeline/audit/deadline-audit.ts";
import {
  describeOnRealUpstream,
  REAL_UPSTREAM,
  realSnapshotForSuite,
} from "../../helpers/upstream-builds.ts";

/** SIGMOD 2027's January round in ccfddl (`DB/sigmod.yml`): abstract and paper. */
const JANUARY_ROUND = ["2026-01-10", "2026-01-17"];
const AUDITED_FILES = ["ids.json", "conferences.json", "details.json", "aliases.json", "build-report.json"];

describeOnRealUpstream("the deadline audit on the real data", () => {
  const snapshot = realSnapshotForSuite("deadline-audit-");
  let audit: DeadlineAudit;
  let tampered: string;
  beforeAll(async () => {
    audit = await auditDeadlines(REAL_UPSTREAM, snapshot().dir);
    tampered = mkdtempSync(join(tmpdir(), "deadline-audit-tampered-"));
  }, 120_000);
  afterAll(() => rmSync(tampered, { recursive: true, force: true }));

  /** A copy of the snapshot's audited files with `change` applied to one of them. */
  // biome-ignore lint/suspicious/noExplicitAny: the snapshot's JSON, changed in place by each test
  function tamper(file: string, change: (json: any) => void): string {
    for (const f of AUDITED_FILES) cpSync(join(snapshot().dir, f), join(tampered, f));
    const json = JSON.parse(readFileSync(join(tampered, file), "utf8"));
    change(json);
    writeFileSync(join(tampered, file), JSON.stringify(json));
    return tampered;
  }

  const faults = (a: DeadlineAudit, verdict: AuditEntry["verdict"]) =>
    a.entries.filter((e) => e.verdict === verdict);

  it("finds no round missing without a listed reason and no entry on another venue, for every tracker", () => {
    expect(faults(audit, "unexplained")).toEqual([]);
    expect(faults(audit, "elsewhere")).toEqual([]);
    expect(audit.ok).toBe(true);
    for (const t of audit.tallies) {
      expect(t.entries, t.source).toBeGreaterThan(100);
      expect(t.matched / t.entries, t.source).toBeGreaterThan(0.8);
    }
  });

  it("gives the report's rule for what is missing: plausibility rules, conflicts, held-out and unmatched rows", () => {
    const rules = new Set(audit.tallies.flatMap((t) => Object.keys(t.explained)));
    expect(rules).toContain("plausibility rule year-slip");
    expect(rules).toContain("held out: acronym-title-conflict");
    expect([...rules].some((r) => r.startsWith("unmatched"))).toBe(true);
    expect([...rules].some((r) => r.startsWith("field conflict: tracker priority"))).toBe(true);
  });

  it("files mpc's SIGMOD+PODS (PODS) entry under PODS, and keeps both reference rows of USENIX/SIGOPS ATC", () => {
    const pods = audit.entries.filter((e) => e.source === "mpc" && e.named === "PODS" && e.year === 2027);
    expect(pods.map((e) => [e.venue, e.verdict])).toContainEqual(["PODS", "matched"]);
    const atc = audit.entries.find((e) => e.source === "reference" && e.key === "conference/5446");
    expect(atc).toMatchObject({ type: "paper", date: "2026-06-10" });
    expect(audit.entries.filter((e) => e.key === "conference/5446").map((e) => e.verdict)).not.toContain(
      "unexplained",
    );
  });

  it("fails a snapshot that drops SIGMOD's January round without a reason", async () => {
    const dir = tamper("details.json", (details) => {
      for (const venue of details.conferences)
        for (const edition of venue.editions)
          edition.deadlines = edition.deadlines.filter(
            (d: { date: string; source: string }) =>
              !(d.source === "ccfddl" && JANUARY_ROUND.includes(d.date)),
          );
    });
    const lost = faults(await auditDeadlines(REAL_UPSTREAM, dir), "unexplained");
    expect(lost.length).toBeGreaterThan(0);
    expect(lost.map((e) => `${e.source} ${e.named} ${e.year} ${e.type} ${e.date}`).sort()).toEqual([
      "ccfddl SIGMOD 2027 abstract 2026-01-10",
      "ccfddl SIGMOD 2027 paper 2026-01-17",
      "mpc SIGMOD 2027 abstract 2026-01-10", // mpc has the same abstract date: the round is gone for it too
    ]);
  });

  it("fails a snapshot that files a tracker entry under another venue", async () => {
    const dir = tamper("ids.json", (ids) => {
      const entries = ids.conferences.entries as Record<string, { keys: string[] }>;
      const from = Object.values(entries).find((e) => e.keys.includes("mpc:conferences.yml#PODS"));
      const to = Object.values(entries).find((e) => e.keys.includes("ccfddl:DB/sigmod.yml#SIGMOD"));
      if (!from || !to) throw new Error("PODS or SIGMOD is not in ids.json");
      from.keys = from.keys.filter((k) => k !== "mpc:conferences.yml#PODS");
      to.keys.push("mpc:conferences.yml#PODS");
    });
    const moved = faults(await auditDeadlines(REAL_UPSTREAM, dir), "elsewhere");
    expect(moved.length).toBeGreaterThan(0);
    expect(moved.every((e) => e.source === "mpc" && e.named === "PODS" && e.venue === "SIGMOD")).toBe(true);
  });
});
