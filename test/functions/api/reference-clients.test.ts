/** What the reference service's clients send and expect, answered unchanged: its field values and feed paths. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REFERENCE_FIELDS } from "../../helpers/reference-fields.ts";
import { type Harness, startHarness } from "./harness.ts";

const FINER_FIELDS = ["ml", "architecture", "pl", "ir", "multimedia", "is"];

const RSS = "<rss><channel><title>deadlines</title></channel></rss>\n";
const ICS = "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n";

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ site: { "feeds/deadlines.xml": RSS, "feeds/deadlines.ics": ICS } });
});
afterAll(() => h.close());

describe("field values", () => {
  it.each([...REFERENCE_FIELDS, ...FINER_FIELDS])(
    "field=%s is accepted on searches and lists",
    async (field) => {
      for (const path of [
        `/api/conferences?field=${field}`,
        `/api/journals?field=${field}`,
        `/api/journals/rankings/all?field=${field}`,
      ]) {
        const { body } = await h.json(path);
        expect(body.code, `${path}: ${body.message}`).toBe(200);
      }
    },
  );

  it("an unknown value is still a clear 400 naming the 27", async () => {
    const { body } = await h.json("/api/conferences?field=chemistry");
    expect(body.code).toBe(400);
    for (const field of ["math", "management", "ml"]) expect(body.message).toContain(field);
  });
});

describe("feed paths", () => {
  it.each([
    ["/feed/upcoming-deadlines.xml", "/feeds/deadlines.xml"],
    ["/calendar/deadlines.ics", "/feeds/deadlines.ics"],
  ])("%s serves the same file as %s", async (alias, ours) => {
    const [a, b] = await Promise.all([h.get(alias), h.get(ours)]);
    expect(a.status).toBe(200);
    expect(a.headers.get("content-type")).toBe(b.headers.get("content-type"));
    expect(await a.text()).toBe(await b.text());
  });
});
