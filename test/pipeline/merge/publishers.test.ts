import { describe, expect, it } from "vitest";
import { canonicalPublisher } from "../../../pipeline/merge/publishers.ts";

describe("canonicalPublisher", () => {
  it("shows each reviewed spelling under one canonical name, ignoring case and punctuation", () => {
    const canonical: Record<string, string> = {
      "Association for Computing Machinery (ACM)": "ACM",
      "Elsevier BV": "Elsevier",
      "elsevier ltd": "Elsevier",
      "Taylor and Francis Ltd.": "Taylor & Francis",
      "Springer Science+Business Media": "Springer",
      // Spellings of the real build's journals (issue 10 §5).
      "Springer Science and Business Media Deutschland GmbH": "Springer",
      "Springer-Verlag Wien": "Springer",
      "Wiley - VCH Verlag GmbH & CO. KGaA": "Wiley",
      "Taylor and Francis Inc.": "Taylor & Francis",
      "De Gruyter Open Ltd.": "De Gruyter",
      "Society for Industrial and Applied Mathematics Publications": "SIAM",
      SpringerOpen: "SpringerOpen",
    };
    for (const [spelling, name] of Object.entries(canonical))
      expect(canonicalPublisher(spelling), spelling).toBe(name);
  });

  it("leaves an unlisted spelling and an absent publisher as they are", () => {
    expect(canonicalPublisher("Routledge")).toBe("Routledge");
    expect(canonicalPublisher(null)).toBeNull();
  });
});
