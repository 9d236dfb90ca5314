import { describe, expect, it } from "vitest";
import {
  assignIds,
  emptyRegistry,
  hashedId,
  nextKindRegistry,
  primaryKey,
  updatedAt,
} from "../../../pipeline/resolve/ids.ts";

const empty = () => emptyRegistry().conferences;

describe("venue ids", () => {
  it("reuses the reference id, else derives a 10-digit id from the most stable key", () => {
    const ids = assignIds(
      [
        { keys: ["ref:408", "ccf:x"], referenceId: 408 },
        { keys: ["qualis:Q#1", "dblp:conf/abc"], referenceId: null },
      ],
      empty(),
    );
    expect(ids[0]).toBe("408");
    expect(ids[1]).toBe(hashedId("dblp:conf/abc"));
    expect(ids[1]).toMatch(/^[1-9]\d{9}$/);
    expect(primaryKey(["qualis:Q#1", "core:12", "dblp:conf/abc"])).toBe("dblp:conf/abc");
  });

  it("is the same on another machine with no registry, whatever else is added or removed", () => {
    const a = assignIds(
      [
        { keys: ["core:1"], referenceId: null },
        { keys: ["core:2"], referenceId: null },
      ],
      empty(),
    );
    const b = assignIds(
      [
        { keys: ["core:3"], referenceId: null },
        { keys: ["core:2"], referenceId: null },
      ],
      empty(),
    );
    expect(b[1]).toBe(a[1]);
  });

  it("gives a venue back its id through any key it had, and never reuses a retired id", () => {
    const first = assignIds(
      [
        { keys: ["qualis:X"], referenceId: null },
        { keys: ["qualis:Y"], referenceId: null },
      ],
      empty(),
    );
    const prev = nextKindRegistry(empty(), {
      [first[0] as string]: { keys: ["qualis:X"], hash: "h", updated_at: null },
      [first[1] as string]: { keys: ["qualis:Y"], hash: "h", updated_at: null },
    });
    // X gained a dblp key (its hashed id would change) and Y disappeared.
    const second = assignIds([{ keys: ["dblp:conf/x", "qualis:X"], referenceId: null }], prev);
    expect(second[0]).toBe(first[0]);
    const after = nextKindRegistry(prev, {
      [second[0] as string]: { keys: ["qualis:X"], hash: "h", updated_at: null },
    });
    expect(after.retired).toEqual([first[1]]);
    // A new venue whose key hashes onto the retired id gets another one.
    const retired = first[1] as string;
    const clash = assignIds([{ keys: ["qualis:Y"], referenceId: null }], after);
    expect(clash[0]).not.toBe(retired);
  });

  it("records a venue merged into another as merged into the survivor, following later merges", () => {
    const entry = (keys: string[]) => ({ keys, hash: "h", updated_at: null });
    const first = nextKindRegistry(empty(), {
      "136": entry(["ref:136", "ccf:kdd"]),
      "3168910765": entry(["qualis:KDD"]),
      "7272223949": entry(["pwc:KDD"]),
    });
    expect(first.merged).toEqual({});
    // Resolution now puts the QUALIS row into 136; the pwc series was merged away in turn later.
    const second = nextKindRegistry(first, {
      "136": entry(["ref:136", "ccf:kdd", "qualis:KDD"]),
      "7272223949": entry(["pwc:KDD"]),
    });
    expect(second.merged).toEqual({ "3168910765": "136" });
    expect(second.retired).toEqual(["3168910765"]);
    const third = nextKindRegistry(second, { "136": entry(["ref:136", "ccf:kdd", "qualis:KDD", "pwc:KDD"]) });
    expect(third.merged).toEqual({ "3168910765": "136", "7272223949": "136" });
    // A venue that is gone with no heir is retired, not merged.
    const fourth = nextKindRegistry(third, { "999": entry(["core:9"]) });
    expect(fourth.merged).toEqual({});
  });

  it("updated_at: unchanged keeps its date, changed gets the build date, first build carries the source's", () => {
    const prev = { keys: [], hash: "a", updated_at: "2026-01-01" };
    expect(updatedAt(prev, "a", "2026-08-01", "2026-11-21", true)).toBe("2026-01-01");
    expect(updatedAt(prev, "b", "2026-08-01", "2026-11-21", true)).toBe("2026-11-21");
    expect(updatedAt(undefined, "b", "2026-08-01", "2026-11-21", false)).toBe("2026-08-01");
    expect(updatedAt(undefined, "b", null, "2026-11-21", false)).toBeNull();
    expect(updatedAt(undefined, "b", null, "2026-11-21", true)).toBe("2026-11-21");
  });

  it("leads every further reference id a venue holds to the venue, and none of its own or another's", () => {
    const previous = empty();
    const next = nextKindRegistry(previous, {
      // TASLP: reference rows 148 and 1143, one journal under the first one's id.
      "148": { keys: ["ref:148", "ref:1143", "issn:2329-9290"], hash: "a", updated_at: null },
      // A reference id that is a venue's own id elsewhere is never redirected away from it.
      "7": { keys: ["ref:7", "ref:9"], hash: "b", updated_at: null },
      "9": { keys: ["dblp:conf/nine"], hash: "c", updated_at: null },
    });
    expect(next.merged).toEqual({ "1143": "148" });
  });
});
