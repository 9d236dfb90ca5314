/**
 * The state printed beside a next deadline agrees with it (render/state-beside-next.ts): a venue whose estimate
 * passed unannounced (CVPR's November 2026 round) leads with its next estimate, which reads "estimated", never
 * "passed, unconfirmed" (a list row's rendering: test/render/outlook-components.test.ts).
 */
import { describe, expect, it } from "vitest";
import { stateBesideNext } from "../../render/state-beside-next.ts";

describe("the state beside the next deadline", () => {
  it("reads as estimated when the venue's passed estimate is followed by another", () => {
    expect(stateBesideNext("passed_unconfirmed", true)).toBe("estimated");
  });

  it("keeps every other state, and passed_unconfirmed when nothing follows", () => {
    expect(stateBesideNext("passed_unconfirmed", false)).toBe("passed_unconfirmed");
    for (const s of ["open", "estimated", "closed", "unknown"] as const)
      expect(stateBesideNext(s, s !== "closed")).toBe(s);
  });
});
