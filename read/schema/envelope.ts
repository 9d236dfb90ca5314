/** The JSON envelope of REST responses as the OpenAPI document describes it (functions/http/envelope.ts writes it). */
import { z } from "zod";
import { IgnoredParameter } from "./ignored-parameters.ts";

/** The envelope every REST JSON response uses, with `data` typed per operation. */
export function envelopeOf<T extends z.ZodType>(id: string, data: T) {
  return z
    .object({
      code: z.int().meta({ example: 200 }),
      message: z.string(),
      data,
      ignored_parameters: z.array(IgnoredParameter).optional().meta({
        description:
          "Present when the query string held parameters this operation does not know: each is ignored (the answer is as without it) and named with the closest known parameter.",
      }),
      request_id: z.string(),
    })
    .meta({ id });
}

export const ErrorEnvelope = z
  .object({
    code: z
      .int()
      .meta({ description: "Business code: 400, 401, 402, 403, 404, 405, 429 or 500.", example: 400 }),
    message: z.string(),
    // OpenAPI 3.0 has no null type: described as a nullable object that is always null.
    data: z.null().meta({ type: "object", nullable: true, description: "Always null on errors." }),
    request_id: z.string(),
  })
  .meta({ id: "ErrorEnvelope" });
