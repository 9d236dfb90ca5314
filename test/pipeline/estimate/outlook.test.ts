/**
 * The round model and the submission outlook (pipeline/estimate/rounds.ts, pipeline/estimate/outlook.ts) on venues shaped like the
 * real ones: two rounds a cycle across the year boundary (SIGKDD), four rounds (IMWUT), a yearly round that
 * passed with no announcement (CVPR), rounds followed by a notification (S&P), a date-only deadline (ISCA).
 */
import { describe, expect, it } from "vitest";
import {
  deadlineEstimates,
  estimatedSubmissionDate,
  outlookRowFields,
  submissionOutlook,
} from "../../../pipeline/estimate/outlook.ts";
import { announcedRounds, cyclesOf, roundDates, roundModels } from "../../../pipeline/estimate/rounds.ts";
import type { Edition, OutlookDeadline, SubmissionOutlook } from "../../../snapshot/records.ts";
import { deadline, edition } from "../../helpers/editions.ts";

const NOW = "2026-11-26T06:00:00Z";
/** The outlook of `editions` at NOW, on data as of `dataAsOf`. */
const outlookOn = (editions: Parameters<typeof submissionOutlook>[0]["editions"], dataAsOf: string) =>
  submissionOutlook({ editions, nowIso: NOW, dataAsOf });
const brief = (d: OutlookDeadline) =>
  `${d.cycle_year} ${d.round}/${d.rounds} ${d.type} ${d.date} ${d.estimated ? "est" : "ann"} ${d.status}`;

/** The outlook's state, and each of its deadlines in brief. */
function expectOutlook(o: SubmissionOutlook, state: SubmissionOutlook["state"], deadlines: string[]) {
  expect(o.state).toBe(state);
  expect(o.deadlines.map(brief)).toEqual(deadlines);
}

/** The rounds the model gives `year` on data as of `asOf`: the cycles each is based on, and its doubt. */
const roundsBasis = (eds: Edition[], asOf: string, year: number) =>
  roundModels(cyclesOf(eds), asOf)(year).map((m) => [m.basedOn, m.doubt]);

/** Two rounds a cycle until the 2027 cycle, which had a single one (ICSE's move to a single cycle). */
const ICSE_LIKE = [
  edition(2025, ["2024-03-22", "2024-08-02"]),
  edition(2026, ["2025-03-14", "2025-07-18"]),
  edition(2027, ["2026-06-30"], { start_date: "2027-04-25" }),
];

describe("round model", () => {
  it("groups a cycle's abstract and paper into one round and months-apart deadlines into separate rounds", () => {
    const e = edition(2025, ["2024-08-08", "2025-02-10"], {}, ["2024-08-01", "2025-02-03"]);
    expect(announcedRounds(e).map((r) => [r.paper, r.deadlines.length])).toEqual([
      ["2024-08-08", 2],
      ["2025-02-10", 2],
    ]);
  });

  it("keeps a round seen in two of the recent cycles, and a round only the latest cycle has", () => {
    const eds = [
      edition(2024, ["2024-02-08"]),
      edition(2025, ["2024-08-08", "2025-02-10"]),
      edition(2026, ["2025-07-31", "2026-02-08", "2026-05-01"]),
    ];
    const model = roundModels(cyclesOf(eds))(2027);
    expect(model.map((m) => m.basedOn)).toEqual([[2025, 2026], [2024, 2025, 2026], [2026]]);
    // Seen once: low confidence, a wider window.
    expect(model[2]?.confidence).toBe(0.25);
    expect((model[2]?.maxDay ?? 0) - (model[2]?.minDay ?? 0)).toBeGreaterThan(20);
    expect(roundModels(cyclesOf([edition(2026, ["2026-02-08"])]))(2026)).toEqual([]);
  });

  it("expects each round at the latest cycle's day when that cycle moved every round the same way", () => {
    const expected = (eds: Edition[]) =>
      roundModels(cyclesOf(eds))(2027).map((m) => roundDates(m, 2027).date);
    const earlier = [
      edition(2024, ["2023-06-01", "2023-11-15"]),
      edition(2025, ["2024-06-03", "2024-11-14"]),
    ];
    // Both rounds of 2026 came about two weeks later: the venue moved its schedule, the median would lag it.
    expect(expected([...earlier, edition(2026, ["2025-06-20", "2025-12-01"])])).toEqual([
      "2026-06-20",
      "2026-12-01",
    ]);
    // One round later, the other earlier: no move of the schedule, each round at its median.
    expect(expected([...earlier, edition(2026, ["2025-06-20", "2025-11-01"])])).toEqual([
      "2026-06-03",
      "2026-11-14",
    ]);
    // A single round that moved is as often the sources' noise: the median.
    expect(
      expected([edition(2024, ["2023-06-01"]), edition(2025, ["2024-06-03"]), edition(2026, ["2025-06-20"])]),
    ).toEqual(["2026-06-03"]);
  });
});

describe("rounds the history does not support", () => {
  const possible = (o: SubmissionOutlook) => o.possible.map((p) => `${p.cycle_year} ${p.date} ${p.reason}`);

  it("NDSS-like: a round drifting a few weeks a year stays one round, never a third one seen once", () => {
    const eds = [
      edition(2025, ["2024-04-17", "2024-07-10"]),
      edition(2026, ["2025-04-23", "2025-08-06"]),
      edition(2027, ["2026-05-06", "2026-08-19"]),
    ];
    expect(roundsBasis(eds, "2026-08-20", 2028)).toEqual([
      [[2025, 2026, 2027], null],
      [[2025, 2026, 2027], null],
    ]);
    const o = outlookOn(eds, "2026-08-20");
    expect(o.deadlines.filter((d) => d.cycle_year === 2028).map((d) => `${d.round}/${d.rounds}`)).toEqual([
      "1/2",
      "2/2",
    ]);
  });

  it("ICSE-like: a move to a single cycle leaves the dropped round a possibility, not a deadline", () => {
    const o = outlookOn(ICSE_LIKE, "2026-08-20");
    expect(o.state).toBe("estimated");
    const next = o.deadlines.filter((d) => d.cycle_year === 2028);
    expect(next.map((d) => `${d.round}/${d.rounds} ${d.type}`)).toEqual(["1/1 paper"]);
    expect(next[0]?.date.slice(0, 7)).toBe("2027-07");
    expect(possible(o)).toEqual(["2028 2027-03-18 not_in_latest_cycle"]);
    // Never the next deadline, though it comes first.
    expect(o.next?.date).toBe(next[0]?.date);
  });

  it("ACL-like: one date a year that drifted gives one round; the old date is only a possibility", () => {
    const eds = [
      edition(2024, ["2024-02-15"], { start_date: "2024-08-11" }),
      edition(2025, ["2025-02-15"], { start_date: "2025-07-27" }),
      edition(2026, ["2026-01-05"], { start_date: "2026-07-02" }),
    ];
    const o = outlookOn(eds, "2026-08-20");
    const next = o.deadlines.filter((d) => d.cycle_year === 2027);
    expect(next.map((d) => `${d.round}/${d.rounds} ${d.date} ${d.confidence}`)).toEqual([
      "1/1 2027-01-05 0.25",
    ]);
    expect(possible(o)).toEqual(["2027 2027-02-15 not_in_latest_cycle"]);
  });

  // Each case: the test's name, the editions, the date the data stops, and the 2027 rounds' bases and doubts.
  it.each<[string, Edition[], string, ReturnType<typeof roundsBasis>]>([
    [
      "keeps a round the latest cycle added when that cycle had as many rounds (SIGKDD's August round)",
      [
        edition(2024, ["2024-02-08"]),
        edition(2025, ["2025-02-10"]),
        edition(2026, ["2025-07-31", "2026-02-08"]),
      ],
      "2026-03-01",
      [
        [[2026], null],
        [[2024, 2025, 2026], null],
      ],
    ],
    [
      // The latest cycle is still being announced (its data stops before the second round's window): the second
      // round is not contradicted, so with the new round the model would have three rounds where cycles had two.
      "doubts a round seen once when it would give more rounds than any recent cycle had",
      [
        edition(2024, ["2023-04-01", "2023-08-01"]),
        edition(2025, ["2024-04-01", "2024-08-01"]),
        edition(2026, ["2025-04-01", "2025-06-10"]),
      ],
      "2025-06-20",
      [
        [[2024, 2025, 2026], null],
        [[2026], "seen_once"],
        [[2024, 2025], null],
      ],
    ],
  ])("%s", (_name, eds, asOf, rounds) => {
    expect(roundsBasis(eds, asOf, 2027)).toEqual(rounds);
  });

  it("keeps a yearly venue's one round estimated from a single known edition, with its low confidence", () => {
    const o = outlookOn([edition(2026, ["2026-03-01"])], "2026-08-20");
    expect(o.next).toMatchObject({ cycle_year: 2027, date: "2027-03-01", confidence: 0.25, rounds: 1 });
    expect(o.possible).toEqual([]);
  });
});

describe("one meaning per state", () => {
  it("FM-like: an estimate whose expected date passed, its window still open, is passed_unconfirmed, never next", () => {
    const eds = [
      edition(2024, ["2023-11-25"], { start_date: "2024-05-20" }),
      edition(2025, ["2024-12-08"], { start_date: "2025-05-19" }),
      edition(2026, ["2025-12-02"], { start_date: "2026-05-18" }),
    ];
    const o = submissionOutlook({ editions: eds, nowIso: "2026-12-07T12:00:00Z", dataAsOf: "2026-08-20" });
    const passed = o.deadlines.find((d) => d.cycle_year === 2027);
    expect(passed).toMatchObject({ date: "2026-12-02", status: "passed_unconfirmed" });
    // Its window is still open: the state says the expected date passed, the window stays shown.
    expect(passed?.latest && passed.latest >= "2026-12-07").toBe(true);
    expect(o.state).toBe("passed_unconfirmed");
    expect(o.next).toMatchObject({ cycle_year: 2028, estimated: true, status: "upcoming" });
    expect(o.next && o.next.date > "2026-12-07").toBe(true);
  });

  it("an estimate closes at the end of the date it prints (AoE), so lists order and drop it by that date", () => {
    const eds = [edition(2025, ["2025-03-01"]), edition(2026, ["2026-03-01"])];
    const o = outlookOn(eds, "2026-08-20");
    expect(o.next).toMatchObject({ date: "2027-03-01", closes_at: "2027-03-02T11:59:59Z" });
    expect(o.next?.latest && o.next.latest > "2027-03-01").toBe(true);
  });
});

describe("submission outlook", () => {
  it("SIGKDD-like: the February round of the current cycle is estimated after the announced summer round", () => {
    const eds = [
      edition(2024, ["2024-02-08"], {}, ["2024-02-01"]),
      edition(2025, ["2024-08-08", "2025-02-10"], {}, ["2024-08-01", "2025-02-03"]),
      edition(2026, ["2025-07-31", "2026-02-08"], {}, ["2025-07-24", "2026-02-01"]),
      edition(2027, ["2026-07-26"], { start_date: "2027-08-09", end_date: "2027-08-13", place: "San Jose" }, [
        "2026-07-19",
      ]),
    ];
    const o = outlookOn(eds, "2026-11-20");
    // The summer round came 5 days before the model's (the 2026 cycle's day): February's moves with it.
    expectOutlook(o, "estimated", [
      "2027 1/2 abstract 2026-07-19 ann passed",
      "2027 1/2 paper 2026-07-26 ann passed",
      "2027 2/2 abstract 2027-01-27 est upcoming",
      "2027 2/2 paper 2027-02-03 est upcoming",
    ]);
    expect(o.next).toMatchObject({ type: "abstract", estimated: true, round: 2, rounds: 2, time: null });
    const paper = o.deadlines.find((d) => d.round === 2 && d.type === "paper");
    expect(
      paper?.earliest && paper.earliest >= "2027-01-10" && paper.latest && paper.latest <= "2027-02-28",
    ).toBe(true);
    expect(o.conference).toEqual({
      year: 2027,
      start_date: "2027-08-09",
      end_date: "2027-08-13",
      place: "San Jose",
    });
    expect(o.stale).toBe(false);
    expect(estimatedSubmissionDate(o)).toBe("2027-02-03");
  });

  it("IMWUT-like: four rounds a cycle give four estimates once the cycle has passed", () => {
    const rounds = (y: number) => [`${y}-02-01`, `${y}-05-01`, `${y}-08-01`, `${y}-11-01`];
    const eds = [2024, 2025, 2026].map((y) => edition(y, rounds(y)));
    const o = outlookOn(eds, "2026-11-20");
    // The next submission is an estimate ahead: estimated, never closed.
    expect(o.state).toBe("estimated");
    const next = o.deadlines.filter((d) => d.cycle_year === 2027);
    expect(next.map((d) => `${d.round}/${d.rounds} ${d.date}`)).toEqual([
      "1/4 2027-02-01",
      "2/4 2027-05-01",
      "3/4 2027-08-01",
      "4/4 2027-11-01",
    ]);
    expect(o.next?.date).toBe("2027-02-01");
    expect(deadlineEstimates(o).map((e) => e.rhythm)).toEqual(["rounds", "rounds", "rounds", "rounds"]);
  });

  it("CVPR-like: a round expected in the past with no announcement is passed_unconfirmed, not skipped", () => {
    const eds = [
      edition(2024, ["2023-11-17"], { start_date: "2024-06-17" }, ["2023-11-10"]),
      edition(2025, ["2024-11-14"], { start_date: "2025-06-10" }, ["2024-11-07"]),
      edition(2026, ["2025-11-13"], { start_date: "2026-06-03", place: "Denver" }, ["2025-11-06"]),
      edition(2027, [], { start_date: "2027-06-19" }),
    ];
    const o = outlookOn(eds, "2026-08-20");
    expectOutlook(o, "passed_unconfirmed", [
      "2027 1/1 abstract 2026-11-07 est passed_unconfirmed",
      "2027 1/1 paper 2026-11-14 est passed_unconfirmed",
      "2028 1/1 abstract 2027-11-07 est upcoming",
      "2028 1/1 paper 2027-11-14 est upcoming",
    ]);
    expect(o.next?.cycle_year).toBe(2028);
    // The 2026 conference took place: never shown as the conference; 2028 has no dates yet.
    expect(o.conference).toBeNull();
    expect(o).toMatchObject({ data_as_of: "2026-08-20", stale: true });
    expect(outlookRowFields(o)).toMatchObject({
      next_submission_date: "2027-11-07",
      next_submission_estimated: true,
      outlook_state: "passed_unconfirmed",
      stale: true,
    });
  });

  it("S&P-like: after the cycle's rounds the next deadline is the next submission, never the notification", () => {
    const utc12 = (type: "abstract" | "paper" | "notification", date: string) =>
      deadline(type, date, { time: "23:59:59", timezone: "UTC-12" });
    const eds = [2025, 2026].map((y) => edition(y, [`${y - 1}-06-05`, `${y - 1}-11-14`]));
    eds.push({
      ...edition(2027, [], { start_date: "2027-05-18" }),
      deadlines: [
        utc12("abstract", "2026-06-04"),
        utc12("paper", "2026-06-11"),
        utc12("abstract", "2026-11-10"),
        utc12("paper", "2026-11-17"),
        deadline("notification", "2027-03-05", { timezone: null, utc: null, source: "reference" }),
      ],
    });
    const o = outlookOn(eds, "2026-11-20");
    expect(o.state).toBe("estimated");
    expect(o.next).toMatchObject({ type: "paper", cycle_year: 2028, round: 1, estimated: true });
    expect(o.deadlines.every((d) => d.type === "abstract" || d.type === "paper")).toBe(true);
    // The 2027 notification is not of the 2028 estimate's cycle: it never stands beside it (issue 37).
    expect(o.other_dates).toEqual([]);
    expect(o.deadlines.find((d) => d.date === "2026-11-17")).toMatchObject({
      time: "23:59:59",
      timezone: "UTC-12",
      timezone_assumed: false,
      status: "passed",
      source: "ccfddl",
    });
  });

  it("a date-only deadline keeps no time: AoE assumed when no zone is stated, closing at the end of that day", () => {
    const eds = [
      edition(2025, ["2024-11-22"]),
      edition(2026, ["2025-11-17"]),
      {
        ...edition(2027, [], { start_date: "2027-06-05" }),
        deadlines: [
          deadline("abstract", "2026-12-05", { timezone: null, utc: null, source: "reference" }),
          deadline("paper", "2026-12-12", { time: "23:59:00", timezone: "AoE", utc: "2026-12-13T11:59:00Z" }),
        ],
      },
    ];
    const o = outlookOn(eds, "2026-11-20");
    expect(o.state).toBe("open");
    expect(o.next).toMatchObject({
      type: "abstract",
      date: "2026-12-05",
      time: null,
      timezone: "AoE",
      timezone_assumed: true,
      closes_at: "2026-12-06T11:59:59Z",
      estimated: false,
      source: "reference",
    });
    expect(o.conference?.year).toBe(2027);
    expect(estimatedSubmissionDate(o)).toBeNull();
  });

  it("moves the rounds still to come with the cycle's announced ones when these all came later, or all earlier", () => {
    const earlier = [
      edition(2024, ["2023-06-01", "2023-09-01", "2023-12-01"]),
      edition(2025, ["2024-06-01", "2024-09-01", "2024-12-01"]),
    ];
    // As of 20 September 2025: the 2026 cycle's June and September rounds are announced, December's is not.
    const estimates = (current: string[]) =>
      submissionOutlook({
        editions: [...earlier, edition(2026, current)],
        nowIso: "2025-09-20T00:00:00Z",
        dataAsOf: "2025-09-20",
      }).deadlines.flatMap((d) => (d.estimated ? [`${d.cycle_year} ${d.date}`] : []));
    // Both announced rounds came 11 and 13 days later than the model's: the third is expected 12 days later.
    expect(estimates(["2025-06-12", "2025-09-14"])).toEqual(["2026 2025-12-13"]);
    // One later, one earlier: the calendar did not move, the third stays at the model's day.
    expect(estimates(["2025-06-12", "2025-08-25"])).toEqual(["2026 2025-12-01"]);
  });

  it("leaves out a modelled round the sources passed over: the cycle's later round was announced without it", () => {
    const o = outlookOn(ICSE_LIKE, "2026-11-20");
    expect(o.deadlines.filter((d) => d.cycle_year === 2027).map(brief)).toEqual([
      "2027 1/1 paper 2026-06-30 ann passed",
    ]);
  });

  it("leaves out a modelled round expected after its own cycle's conference has begun", () => {
    const eds = [
      edition(2025, ["2024-12-02", "2025-06-10"]),
      edition(2026, ["2025-12-01", "2026-06-09"]),
      edition(2027, ["2026-12-01"], { start_date: "2027-05-18" }),
    ];
    const o = outlookOn(eds, "2026-11-20");
    expect(o.deadlines.filter((d) => d.cycle_year === 2027).map(brief)).toEqual([
      "2027 1/1 paper 2026-12-01 ann upcoming",
    ]);
  });

  it("says unknown when no cycle has a submission deadline", () => {
    const o = submissionOutlook({ editions: [edition(2026, [])], nowIso: NOW, dataAsOf: null });
    expect(o).toMatchObject({ state: "unknown", next: null, deadlines: [], stale: false });
  });
});
