/** The pieces behind the HTTP tests that have rules of their own: contact redaction, summaries, the count cache. */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { publicName, REDACTED, redactContacts, redactOptional } from "../../../accounts/adapters/contacts.ts";
import { summarizeInterests } from "../../../accounts/adapters/interests.ts";
import { createStoreActivity } from "../../../accounts/adapters/venue-activity.ts";
import { ViewBatches } from "../../../accounts/store/view-batches.ts";
import type { VenueFact } from "../../../read/query/venue-facts.ts";
import { silentLogger } from "../../../runtime/logger.ts";
import { tempStorePerTest } from "../../helpers/temp-store.ts";

describe("redactContacts", () => {
  it("removes e-mail addresses, phone numbers and contact links", () => {
    for (const contact of [
      "ada@example.org",
      "Ada.Lovelace+cv@mail.engine.example.ac.uk",
      "ada [at] example [dot] org",
      "ada(at)example(dot)org",
      "mailto:ada@example.org?subject=hi",
      "tel:+41446321111",
      "+41 44 632 11 11",
      "0041-44-632-1111",
      "+1 (555) 010-9999",
      "(555) 010-9999",
      "555.010.9999",
      "Tel: 044 632 11 11",
      "mobile 0176 1234567",
    ]) {
      const out = redactContacts(`Contact: ${contact} (office hours on Monday).`);
      expect(out, contact).toBe(`Contact: ${REDACTED} (office hours on Monday).`);
    }
  });

  it("keeps years, ranges, venue names and ordinary prose", () => {
    const cv = "PhD 2015-2019 at ETH; ICML 2019, NeurIPS 2020-2023; 12 papers, h-index 9; works at the lab.";
    expect(redactContacts(cv)).toBe(cv);
    expect(redactContacts("ISBN 978-3-16-148410-0")).toBe("ISBN 978-3-16-148410-0");
  });

  it("gives optional fields null when nothing is left, and names a nameless researcher", () => {
    expect(redactOptional(null)).toBeNull();
    expect(redactOptional("  ada@example.org ")).toBe(REDACTED);
    expect(redactOptional("   ")).toBeNull();
    expect(publicName(null)).toBe("Anonymous researcher");
    expect(publicName("Ada")).toBe("Ada");
  });
});

const fact = (
  kind: VenueFact["kind"],
  id: string,
  name: string,
  fields: string[],
  ccf = "",
  core = "",
): VenueFact => ({
  kind,
  id,
  name,
  fields,
  ccf_rank: ccf,
  core_rank: core,
});

describe("summarizeInterests", () => {
  const facts = [
    fact("conference", "1", "ICML", ["ai", "ml"], "A", "A*"),
    fact("conference", "2", "CVPR", ["vision", "ai"], "A", "A*"),
    fact("conference", "3", "ICPR", ["vision"], "C", "B"),
    fact("journal", "9", "TPAMI", ["vision", "ai"], "A"),
  ];

  it("names the three most common fields, counts tracked venues and top tiers, and names attended ones", () => {
    expect(
      summarizeInterests(
        { trackedConferences: ["1", "2", "3"], trackedJournals: ["9"], attendedConferences: ["2"] },
        facts,
      ),
    ).toBe(
      "Research interests: artificial intelligence, computer vision and machine learning. " +
        "Follows 3 conferences and 1 journal, 3 of them top-tier (CCF A or CORE A*/A). Attended CVPR.",
    );
  });

  it("leaves out what it does not know, and says nothing without known venues", () => {
    expect(
      summarizeInterests({ trackedConferences: ["3"], trackedJournals: [], attendedConferences: [] }, facts),
    ).toBe("Research interests: computer vision. Follows 1 conference.");
    expect(
      summarizeInterests(
        { trackedConferences: [], trackedJournals: [], attendedConferences: ["1", "2", "3", "4"] },
        [...facts, fact("conference", "4", "WS", [])],
      ),
    ).toBe(
      "Research interests: artificial intelligence, computer vision and machine learning. Attended ICML, CVPR, ICPR and WS.",
    );
    expect(
      summarizeInterests({ trackedConferences: ["77"], trackedJournals: [], attendedConferences: [] }, facts),
    ).toBeNull();
  });
});

describe("store-backed activity", () => {
  const temp = tempStorePerTest();
  let views: ViewBatches;
  beforeEach(() => {
    views = new ViewBatches(temp().store, silentLogger);
  });
  afterEach(() => views.close());

  const profile = (accountId: string, trackedConferences: string[]) => ({
    accountId,
    public: true,
    institution: null,
    cv: null,
    trackedConferences,
    trackedJournals: [],
    attendedConferences: [],
    updatedAt: "2026-01-01T00:00:00Z",
  });

  async function account(id: string) {
    await temp().store.createAccount({
      id,
      email: `${id}@example.org`,
      name: id,
      institution: null,
      passwordHash: "x",
      passwordSalt: "y",
      verified: true,
      createdAt: "2026-01-01T00:00:00Z",
    });
  }

  it("reuses a ranking's count map within the cache interval and reloads it after", async () => {
    let now = 0;
    const activity = createStoreActivity(temp().store, views, { countsCacheMs: 5_000, now: () => now });
    await account("a");
    await account("b");
    await temp().store.putProfile(profile("a", ["1"]));
    expect(await activity.counts("conference", "trackers")).toEqual(new Map([["1", 1]]));
    await temp().store.putProfile(profile("b", ["1", "2"]));
    now = 4_999;
    expect(await activity.counts("conference", "trackers")).toEqual(new Map([["1", 1]]));
    // One venue's own figures are never cached.
    expect((await activity.summary("conference", "1")).trackers_count).toBe(2);
    now = 5_000;
    expect(await activity.counts("conference", "trackers")).toEqual(
      new Map([
        ["1", 2],
        ["2", 1],
      ]),
    );
    expect(await activity.counts("conference", "attendees")).toEqual(new Map());
  });

  it("shares one store read among concurrent requests", async () => {
    let reads = 0;
    const counting = new Proxy(temp().store, {
      get(target, name, receiver) {
        if (name === "views30d") reads += 1;
        const value = Reflect.get(target, name, receiver);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const activity = createStoreActivity(counting, views);
    await activity.recordView("journal", "7");
    // Views are written in batches; close writes this one.
    await views.close();
    const maps = await Promise.all(Array.from({ length: 20 }, () => activity.counts("journal", "views_30d")));
    expect(reads).toBe(1);
    expect(maps.every((m) => m.get("7") === 1)).toBe(true);
  });
});
