/**
 * The category filters' parameters (issue 42): codes in any case and as comma lists, an unknown code refused with
 * the allowed values named, and the JSON Schema that enumerates the values while taking comma lists.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ConferenceSearchParams, describeIssues, JournalSearchParams } from "../../../read/schema/api.ts";
import { CCF_CATEGORIES } from "../../../snapshot/records.ts";

describe("ccf_category and core_for", () => {
  it("take a code or a comma list, in any case", () => {
    const p = ConferenceSearchParams.parse({ ccf_category: "se, ai,SE", core_for: "4612,cse" });
    expect(p.ccf_category).toEqual(["SE", "AI"]);
    expect(p.core_for).toEqual(["4612", "CSE"]);
    expect(JournalSearchParams.parse({ ccf_category: "db" }).ccf_category).toEqual(["DB"]);
  });

  it("refuse an unknown code, naming every allowed one", () => {
    const result = ConferenceSearchParams.safeParse({ ccf_category: "SE,XX" });
    expect(result.success).toBe(false);
    const message = describeIssues(result.error as z.ZodError);
    expect(message).toContain("ccf_category must be one or more of DS, NW, SC, SE, DB, CT, CG, AI, HI, MX");
    const core = ConferenceSearchParams.safeParse({ core_for: "0803" });
    expect(describeIssues(core.error as z.ZodError)).toContain("core_for must be one or more of 46, 4601");
  });

  it("enumerate their values in the JSON Schema and still accept comma lists", () => {
    const schema = z.toJSONSchema(ConferenceSearchParams, { io: "input", target: "draft-7" }) as {
      properties: Record<string, { type?: string; anyOf?: { enum?: string[]; pattern?: string }[] }>;
    };
    for (const [name, values] of [
      ["ccf_category", CCF_CATEGORIES],
      ["ccf_rank", ["A", "B", "C"]],
      ["core_rank", ["A*", "A", "B", "C"]],
    ] as const) {
      const property = schema.properties[name];
      expect(property?.type, name).toBe("string");
      expect(property?.anyOf?.[0]?.enum, name).toEqual(values);
      const list = new RegExp(property?.anyOf?.[1]?.pattern ?? "$^");
      expect(list.test(`${values[0]},${values[1]}`), name).toBe(true);
      expect(list.test(`${values[0]},`), name).toBe(false);
      // Exactly the comma lists of the values (one value is one), never what the server refuses.
      expect(list.test(values[0]), name).toBe(true);
      expect(list.test(" , "), name).toBe(false);
    }
  });
});
