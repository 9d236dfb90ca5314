/**
 * The results of one run: the figures the issue asks for, checked against the targets (printed as met / not
 * met, never failing anything), written as JSON and as a Markdown table.
 */
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { StageMeasure } from "./build.ts";
import type { EndpointResult } from "./load.ts";

export interface BenchResults {
  scale: number;
  started_at: string;
  machine: { cpus: number; node: string; memory_gb: number };
  duration_s: number;
  /** Load rounds on the same build and server; every req/s and latency figure is the median over them. */
  runs: number;
  connections: number;
  log_level: string;
  /** The server's state store: the SQLite file (the default deployment) or Redis. */
  store: string;
  upstream: { files: number; mb: number; generate_s: number };
  counts: { conferences: number; journals: number; special_issues: number };
  build_s: number;
  build_peak_rss_mb: number;
  build_stages: StageMeasure[];
  server_start_s: number;
  server_peak_rss_mb: number;
  baseline_rps: number;
  baseline_p99_ms: number;
  baseline_payload_bytes: number;
  mixed_rps: number;
  ratio: number;
  p50_ms: number;
  p99_ms: number;
  search_p99_ms: number;
  search_cold_p99_ms: number;
  /** The relevance set (test/read/query/queries.yaml) asked over REST: share with the meant venue first, and MRR. */
  search_precision_at_1: number;
  search_mrr: number;
  errors: number;
  endpoints: EndpointResult[];
  notes: string[];
  targets: TargetCheck[];
}

export interface TargetCheck {
  name: string;
  target: string;
  value: string;
  met: boolean;
}

type Figures = Omit<BenchResults, "targets">;

interface Target {
  name: string;
  /** The scales the target is set for. */
  scales: number[];
  check: (r: Figures) => Omit<TargetCheck, "name">;
}

const atMost = (value: number, limit: number, unit: string) => ({
  target: `≤ ${limit} ${unit}`,
  value: `${round(value)} ${unit}`,
  met: value <= limit,
});

const atLeast = (value: number, limit: number, what: string) => ({
  target: `${what} ≥ ${limit}`,
  value: `${what} ${value.toFixed(2)}`,
  met: value >= limit,
});

const rpsOf = (r: Figures, group: string) => r.endpoints.find((e) => e.name === group)?.rps ?? Number.NaN;

const TARGETS: Target[] = [
  { name: "mixed req/s vs bare Node", scales: [1], check: (r) => atLeast(r.ratio, 0.5, "ratio") },
  // Issue 26 (every request pays its own way): same-run ratios, at both scales.
  {
    name: "mixed req/s vs bare Node (issue 26)",
    scales: [1, 100],
    check: (r) => atLeast(r.ratio, 0.15, "ratio"),
  },
  { name: "mixed p99", scales: [1, 100], check: (r) => atMost(r.p99_ms, 15, "ms") },
  {
    name: "statistics req/s vs bare Node",
    scales: [1, 100],
    check: (r) => atLeast(rpsOf(r, "statistics") / r.baseline_rps, 0.3, "ratio"),
  },
  {
    name: "MCP req/s vs details req/s",
    scales: [1, 100],
    check: (r) => atLeast(rpsOf(r, "mcp") / rpsOf(r, "details"), 0.6, "ratio"),
  },
  {
    name: "MCP p99",
    scales: [1, 100],
    check: (r) => atMost(r.endpoints.find((e) => e.name === "mcp")?.p99_ms ?? Number.NaN, 25, "ms"),
  },
  { name: "search p99", scales: [100], check: (r) => atMost(r.search_p99_ms, 60, "ms") },
  { name: "build time", scales: [100], check: (r) => atMost(r.build_s / 60, 10, "min") },
  { name: "server peak RSS", scales: [100], check: (r) => atMost(r.server_peak_rss_mb / 1024, 1.5, "GB") },
  {
    name: "errors",
    scales: [100],
    check: (r) => ({ target: "0", value: String(r.errors), met: r.errors === 0 }),
  },
];

export function checkTargets(figures: Figures): TargetCheck[] {
  return TARGETS.filter((t) => t.scales.includes(figures.scale)).map((t) => ({
    name: t.name,
    ...t.check(figures),
  }));
}

function round(n: number): number {
  if (!Number.isFinite(n)) return n;
  return Math.abs(n) >= 100 ? Math.round(n) : Math.round(n * 100) / 100;
}

const cell = (c: string | number) => String(typeof c === "number" ? round(c) : c);

/** A Markdown table with its columns padded to one width (as the formatter lays tables out). */
function table(headers: string[], rows: (string | number)[][]): string[] {
  const text = rows.map((r) => r.map(cell));
  const widths = headers.map((h, i) => Math.max(h.length, 3, ...text.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(" | ")} |`;
  return [line(headers), line(widths.map((w) => "-".repeat(w))), ...text.map(line)];
}

export function markdown(r: BenchResults): string {
  const lines = [
    `# Benchmark, scale ${r.scale}`,
    "",
    `${r.started_at}; ${r.machine.cpus} CPUs, ${r.machine.memory_gb} GB, Node ${r.machine.node}; ` +
      `${r.connections} connections, ${r.duration_s} s per group, median of ${r.runs} run(s); server LOG_LEVEL=${r.log_level}, ` +
      `state store: ${r.store === "redis" ? "Redis" : "SQLite file"}.`,
    "",
    `Catalogue: ${r.counts.conferences} conferences, ${r.counts.journals} journals, ` +
      `${r.counts.special_issues} special issues (upstream ${r.upstream.files} files, ${round(r.upstream.mb)} MB, ` +
      `generated in ${round(r.upstream.generate_s)} s).`,
    "",
    "## Summary",
    "",
    ...table(
      ["figure", "value"],
      [
        ["bare Node req/s (baseline_rps)", r.baseline_rps],
        ["mixed req/s (mixed_rps)", r.mixed_rps],
        ["ratio", r.ratio.toFixed(2)],
        ["mixed p50 / p99 ms", `${round(r.p50_ms)} / ${round(r.p99_ms)}`],
        [
          "search p99 ms (fixed list / distinct)",
          `${round(r.search_p99_ms)} / ${round(r.search_cold_p99_ms)}`,
        ],
        ["search precision@1 / MRR", `${r.search_precision_at_1.toFixed(3)} / ${r.search_mrr.toFixed(3)}`],
        ["build s (peak RSS MB)", `${round(r.build_s)} (${round(r.build_peak_rss_mb)})`],
        ["server start s", r.server_start_s],
        ["server peak RSS MB", r.server_peak_rss_mb],
        ["errors", r.errors],
      ],
    ),
    "",
    "## Targets",
    "",
    ...(r.targets.length === 0
      ? ["No targets are set for this scale (targets: scale 1 and scale 100)."]
      : table(
          ["target", "wanted", "measured", "verdict"],
          r.targets.map((t) => [t.name, t.target, t.value, t.met ? "met" : "**not met**"]),
        )),
    "",
    "## Endpoints",
    "",
    ...table(
      [
        "group",
        "req/s (median)",
        "req/s (mean)",
        "p50 ms",
        "p90 ms",
        "p99 ms",
        "max ms",
        "requests",
        "errors",
      ],
      r.endpoints.map((e) => [
        e.name,
        e.rps,
        e.rps_mean,
        e.p50_ms,
        e.p90_ms,
        e.p99_ms,
        e.max_ms,
        e.requests,
        e.errors,
      ]),
    ),
    "",
    "## Build stages",
    "",
    ...table(
      ["stage", "s", "peak RSS MB"],
      r.build_stages.map((s) => [s.name, s.seconds, s.peak_rss_mb]),
    ),
    "",
    ...(r.notes.length > 0 ? ["## Notes", "", ...r.notes.map((n) => `- ${n}`), ""] : []),
  ];
  return lines.join("\n");
}

/** latest.json / latest.md, and the same under latest-scale-<N> so each scale keeps its last run. */
export async function writeResults(dir: string, results: BenchResults): Promise<string[]> {
  const json = `${JSON.stringify(results, null, 2)}\n`;
  const md = markdown(results);
  const names = ["latest", `latest-scale-${results.scale}`];
  for (const name of names) {
    await writeFile(join(dir, `${name}.json`), json);
    await writeFile(join(dir, `${name}.md`), md);
  }
  return names.flatMap((n) => [join(dir, `${n}.json`), join(dir, `${n}.md`)]);
}
