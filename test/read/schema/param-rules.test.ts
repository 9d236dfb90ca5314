/**
 * The comma-list pattern of enumerated parameters (issue 42): `" , "` passed the old generic pattern and was then
 * refused. The pattern now accepts exactly the comma lists of the values (checked against an oracle that splits
 * the text, over generated texts), every text it accepts the server accepts too, and every enumerated parameter the
 * OpenAPI document publishes carries it, without lookaround (engines such as RE2 read it).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "../../../read/openapi.ts";
import { ConferenceSearchParams, DeadlineListParams, JournalSearchParams } from "../../../read/schema/api.ts";
import { commaListPattern } from "../../../read/schema/param-rules.ts";

/** The enumerated filters and the schema that parses each (as REST and MCP do). */
const PARSERS = {
  ccf_rank: ConferenceSearchParams,
  core_rank: ConferenceSearchParams,
  qualis_rank: DeadlineListParams,
  ccf_category: JournalSearchParams,
} as const;

interface Parameter {
  name: string;
  schema: { anyOf?: { enum?: string[]; pattern?: string }[] };
}

/** Every enumerated query parameter of every operation the OpenAPI document publishes. */
function publishedLists(): { where: string; name: string; values: string[]; pattern: string }[] {
  const doc = openApiDocument("https://venues.test") as {
    paths: Record<string, Record<string, { parameters?: Parameter[] }>>;
  };
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.values(operations).flatMap((op) =>
      (op.parameters ?? []).flatMap(({ name, schema }) => {
        const [values, list] = schema.anyOf ?? [];
        if (!values?.enum) return [];
        return [{ where: `${path} ${name}`, name, values: values.enum, pattern: list?.pattern ?? "" }];
      }),
    ),
  );
}

const lists = publishedLists();

/** The oracle: a comma list of the values, none empty, each written as the enum gives it. */
const isCommaList = (text: string, values: readonly string[]) =>
  text.split(",").every((part) => values.includes(part));

/** Texts near the lists: the values' characters, commas, spaces, other cases, and whole values joined. */
function texts(values: readonly string[]): fc.Arbitrary<string> {
  const chars = [...new Set([...values.join(""), ...values.join("").toLowerCase(), ",", " ", "*", "x"])];
  const parts = fc.constantFrom(...values, ...values.map((v) => v.toLowerCase()), "", " ", ",", "A ", "*");
  return fc.oneof(
    fc.string({ unit: fc.constantFrom(...chars), maxLength: 12 }),
    fc.array(parts, { minLength: 1, maxLength: 5 }).map((list) => list.join(",")),
    fc.array(fc.constantFrom(...values), { minLength: 1, maxLength: 8 }).map((list) => list.join(",")),
  );
}

describe("the published enumerated parameters", () => {
  it("are every rank and category filter, each with the exact pattern of its own values", () => {
    expect(new Set(lists.map((l) => l.name))).toEqual(new Set(Object.keys(PARSERS)));
    for (const { where, values, pattern } of lists) {
      expect(pattern, where).toBe(commaListPattern(values));
      // No lookaround: regular-expression engines without it (RE2, Rust's regex) compile the pattern too.
      expect(pattern, where).not.toMatch(/\(\?[=!<]/);
    }
  });

  it.each(Object.entries(PARSERS))(
    "%s: the pattern takes exactly the comma lists of the values, all of which the server takes",
    (name, parser) => {
      const list = lists.find((l) => l.name === name);
      expect(list, name).toBeDefined();
      const { values, pattern } = list as { values: string[]; pattern: string };
      const re = new RegExp(pattern);
      for (const text of [
        " , ",
        ",",
        "",
        `${values[0]},`,
        `,${values[0]}`,
        `${values[0]},,${values[0]}`,
        `${values[0]} `,
      ])
        expect(re.test(text), JSON.stringify(text)).toBe(false);
      fc.assert(
        fc.property(texts(values), (text) => {
          expect(re.test(text), JSON.stringify(text)).toBe(isCommaList(text, values));
          if (re.test(text)) {
            const parsed = parser.safeParse({ [name]: text });
            expect(parsed.success, `${name}=${JSON.stringify(text)}`).toBe(true);
            expect((parsed.data as Record<string, unknown>)[name]).toEqual([...new Set(text.split(","))]);
          }
        }),
        { numRuns: 2000 },
      );
    },
  );
});

it("refuses to build a pattern a value's first character would break", () => {
  expect(() => commaListPattern(["A", "*B"])).toThrow(/"\*B" must start with/);
});
