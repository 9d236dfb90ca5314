import { describe, expect, it } from "vitest";
import { canonicalPublisher } from "../../pipeline/publishers.ts";

describe("canonicalPublisher", () => {
  it("shows each reviewed spelling under one canonical name, ignoring case and punctuation", () => {
    expect(canonicalPublisher("Association for Computing Machinery (ACM)")).toBe("ACM");
    expect(canonicalPublisher("Elsevier BV")).toBe("Elsevier");
    expect(canonicalPublisher("elsevier ltd")).toBe("Elsevier");
    expect(canonicalPublisher("Taylor and Francis Ltd.")).toBe("Taylor & Francis");
    expect(canonicalPublisher("Springer Science+Business Media")).toBe("Springer");
  });

  it("leaves an unlisted spelling and an absent publisher as they are", () => {
    expect(canonicalPublisher("Routledge")).toBe("Routledge");
    expect(canonicalPublisher(null)).toBeNull();
  });
});
