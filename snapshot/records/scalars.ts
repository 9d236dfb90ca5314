/** The scalar columns every record uses: dates, instants and venue ids. */
import { z } from "zod";
import { columnTypeOf } from "./table-columns.ts";

export const IsoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "expected YYYY-MM-DD")
  .register(columnTypeOf, { column: "DATE" });
export const IsoInstant = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/, "expected UTC instant")
  .register(columnTypeOf, { column: "TIMESTAMP WITH TIME ZONE" });
/** Ids are decimal-digit strings, stable across builds. */
export const VenueId = z.string().regex(/^\d{1,15}$/, "expected a decimal-digit id");
