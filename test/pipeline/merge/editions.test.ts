import { describe, expect, it } from "vitest";
import { currentEdition } from "../../../pipeline/merge/editions.ts";
import { edition } from "../../helpers/editions.ts";

describe("edition choice", () => {
  it("an announced edition without dates does not hide the last known deadline", () => {
    const eds = [edition(2025, ["2025-02-15"]), edition(2026, ["2026-01-05"]), edition(2027, [])];
    expect(currentEdition(eds, "2026-11-24T00:00:00Z")?.year).toBe(2026);
    const open = [...eds, edition(2028, ["2027-02-01"])];
    expect(currentEdition(open, "2026-11-24T00:00:00Z")?.year).toBe(2028);
  });
});
