/** What one MCP tool is: its name, notes, schemas and how it runs through the shared read operations. */
import type { z } from "zod";
import type { Caller } from "../../read/caller.ts";
import type { Outcome, ReadOperations } from "../../read/operations.ts";
import type { Clock } from "../../runtime/clock.ts";

export type Arguments = Record<string, unknown>;

export interface ToolSpec {
  name: string;
  title: string;
  description: string;
  /** What tools/list shows; `run` validates with the REST schemas through the shared operation. */
  input: z.ZodObject;
  /** The tool whose arguments these are too: tools/list describes them there only (its description says so). */
  argumentsOf?: string;
  output: z.ZodType;
  /** Answers may be cut to the asked sections: only the identity fields are required in the output schema. */
  sparse?: boolean;
  /** tools/list `_meta` (an app tool's ui:// resource). */
  meta?: Record<string, unknown>;
  /** The text content beside structuredContent; the payload as JSON when absent. */
  text?(data: unknown): string;
  run(
    ops: ReadOperations,
    args: Arguments,
    caller: Caller,
    publicBaseUrl: string,
    clock: Clock,
  ): Promise<Outcome<unknown>>;
}
