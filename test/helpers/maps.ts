/** A table of cases for a one-argument function: a test per input, each expecting its output. */
import { expect, it } from "vitest";

/** `title` names each test from its input and output (vitest's printf placeholders). */
export function itMaps<I, O>(fn: (input: I) => O, cases: [I, O][], title = "%s → %s"): void {
  it.each(cases)(title, (input, expected) => {
    expect(fn(input)).toBe(expected);
  });
}
