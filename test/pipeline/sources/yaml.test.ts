/** The build's YAML reader gives the values the `yaml` package gave (YAML 1.2 core schema), faster. */

import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { parseYaml } from "../../../pipeline/sources/yaml.ts";

/** Plain scalars whose reading differs between YAML 1.1, js-yaml's defaults and the 1.2 core schema. */
const SCALARS = [
  ["2026-11-25", "2026-11-25"],
  ["2026-11-25 23:59:59", "2026-11-25 23:59:59"],
  ["2026-11-25T10:00:00Z", "2026-11-25T10:00:00Z"],
  ["12:30", "12:30"],
  ["yes", "yes"],
  ["No", "No"],
  ["on", "on"],
  ["true", true],
  ["FALSE", false],
  ["~", null],
  ["Null", null],
  ["", null],
  ["012", 12],
  ["-0012", -12],
  ["+7", 7],
  ["0o17", 15],
  ["0x1F", 31],
  ["-0x1F", "-0x1F"],
  ["0b101", "0b101"],
  ["1_000", "1_000"],
  ["1.50", 1.5],
  ["1.", 1],
  [".5", 0.5],
  ["1e3", 1000],
  ["-1.5E-3", -0.0015],
  [".inf", Number.POSITIVE_INFINITY],
  ["-.Inf", Number.NEGATIVE_INFINITY],
  [".NaN", Number.NaN],
  ["UTC-12", "UTC-12"],
  ["AoE", "AoE"],
] as const;

describe("parseYaml", () => {
  it.each(SCALARS)("reads the plain scalar %j as the yaml package does", (text, value) => {
    expect(parseYaml(`k: ${text}\n`)).toEqual({ k: value });
    expect(parseYaml(`k: ${text}\n`)).toEqual(parse(`k: ${text}\n`));
  });

  it("keeps quoted scalars as strings", () => {
    expect(parseYaml("- '012'\n- \"true\"\n- '2026-11-25'\n")).toEqual(["012", "true", "2026-11-25"]);
  });

  it("resolves anchors and keeps << an ordinary key, as the yaml package does", () => {
    const text = "base: &b {x: 1}\nsame: *b\nmerged:\n  <<: *b\n  y: 2\n";
    expect(parseYaml(text)).toEqual(parse(text));
    expect(parseYaml(text)).toEqual({ base: { x: 1 }, same: { x: 1 }, merged: { "<<": { x: 1 }, y: 2 } });
  });

  it("rejects duplicate keys and unclosed flow collections", () => {
    expect(() => parseYaml("a: 1\na: 2\n")).toThrow();
    expect(() => parseYaml("- title: AAAI\n  confs: [unclosed\n")).toThrow();
  });
});
