import { describe, expect, it } from "vitest";
import { z } from "zod";
import { tableColumns } from "../../../snapshot/records/table-columns.ts";
import { ConferenceRow, OutlookTableRow } from "../../../snapshot/records.ts";

describe("table column types from the record schemas", () => {
  it("types every field of a row by its schema, named types included", () => {
    const columns = tableColumns(ConferenceRow);
    expect(Object.keys(columns)).toEqual(Object.keys(ConferenceRow.shape));
    expect(columns).toMatchObject({
      id: "VARCHAR",
      submission_date: "DATE",
      is_extended: "BOOLEAN",
      fields: "VARCHAR[]",
      views: "BIGINT",
      acceptance_rate: "DOUBLE",
      acceptance_rate_year: "INTEGER",
      editions_count: "INTEGER",
      reference_id: "BIGINT",
      next_submission_closes_at: "TIMESTAMP WITH TIME ZONE",
      outlook_state: "VARCHAR",
    });
    expect(columns.cp_index).toMatch(/^STRUCT\(score DOUBLE, /);
  });

  it("keeps a named type through a described copy and lists of whole numbers", () => {
    const columns = tableColumns(OutlookTableRow);
    expect(columns.changed_at).toBe("DATE");
    expect(columns.based_on).toBe("INTEGER[]");
  });

  it("refuses a field no column can hold", () => {
    expect(() => tableColumns(z.object({ nested: z.object({ a: z.string() }) }))).toThrow(
      "no table column type for a object schema",
    );
  });
});
