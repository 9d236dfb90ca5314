import { describe, expect, it } from "vitest";
import { canonicalPublisher } from "../../pipeline/merge/publishers.ts";

describe("canonicalPublisher", () => {
  it("shows each reviewed spelling under one canonical name, ignoring case and punctuation", () => {
    expect(canonicalPublisher("Association for Computing Machinery (ACM)")).toBe("ACM");
    expect(canonicalPublisher("Elsevier BV")).toBe("Elsevier");
    expect(canonicalPublisher("elsevier ltd")).toBe("Elsevier");
    expect(canonicalPublisher("Taylor and Francis Ltd.")).toBe("Taylor & Francis");
    expect(canonicalPublisher("Springer Science+Business Media")).toBe("Springer");
    // Spellings of the real build's journals (issue 10 §5).
    expect(canonicalPublisher("Springer Science and Business Media Deutschland GmbH")).toBe("Springer");
    expect(canonicalPublisher("Springer-Verlag Wien")).toBe("Springer");
    expect(canonicalPublisher("Wiley - VCH Verlag GmbH & CO. KGaA")).toBe("Wiley");
    expect(canonicalPublisher("Taylor and Francis Inc.")).toBe("Taylor & Francis");
    expect(canonicalPublisher("De Gruyter Open Ltd.")).toBe("De Gruyter");
    expect(canonicalPublisher("Society for Industrial and Applied Mathematics Publications")).toBe("SIAM");
    expect(canonicalPublisher("SpringerOpen")).toBe("SpringerOpen");
  });

  it("leaves an unlisted spelling and an absent publisher as they are", () => {
    expect(canonicalPublisher("Routledge")).toBe("Routledge");
    expect(canonicalPublisher(null)).toBeNull();
  });
});
