/** One collision-mark rule: naming strips exactly the trailing marks that resolution counts (describe.ts). */
import { describe, expect, it } from "vitest";
import { COLLISION_MARK, cleanAcronym } from "../../../pipeline/resolve/names.ts";

describe("collision marks", () => {
  it.each([
    ["ICISS'''", "ICISS", 3],
    ["ICIEA’", "ICIEA", 1],
    ["ICIEA′", "ICIEA", 1],
    // A mark after a digit is a year's or a version's, not a collision mark.
    ["SPIE 2'", "SPIE 2'", 0],
    ["ICSE", "ICSE", 0],
  ])("%s: named %s, %i mark(s) counted", (raw, text, marks) => {
    expect(cleanAcronym(raw).text).toBe(text);
    expect(raw.match(COLLISION_MARK)?.[0].length ?? 0).toBe(marks);
  });
});
