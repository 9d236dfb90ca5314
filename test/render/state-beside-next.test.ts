/**
 * The state printed beside a next deadline agrees with it: a venue whose estimate passed unannounced (CVPR's
 * November 2026 round) leads with its next estimate, which reads "estimated", never "passed, unconfirmed".
 */
import { describe, expect, it } from "vitest";
import { nextSubmissionHtml, stateBesideNext } from "../../render/deadline.ts";

describe("the state beside the next deadline", () => {
  it("reads as estimated when the venue's passed estimate is followed by another", () => {
    expect(stateBesideNext("passed_unconfirmed", true)).toBe("estimated");
    const html = nextSubmissionHtml({
      next_submission_date: "2027-11-14",
      next_submission_closes_at: "2027-11-15T11:59:59Z",
      next_submission_estimated: true,
      outlook_state: "passed_unconfirmed",
    });
    expect(html).toContain("state-estimated");
    expect(html).not.toContain("state-passed_unconfirmed");
  });

  it("keeps every other state, and passed_unconfirmed when nothing follows", () => {
    expect(stateBesideNext("passed_unconfirmed", false)).toBe("passed_unconfirmed");
    for (const s of ["open", "estimated", "closed", "unknown"] as const)
      expect(stateBesideNext(s, s !== "closed")).toBe(s);
  });
});
