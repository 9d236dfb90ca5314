/**
 * Related venues: venues sharing a research field with the one shown, closest in rank first. Deliberately
 * simple (computed at build, no text similarity): more shared fields, then nearest rank level, then the more
 * viewed, then the id for a stable order.
 */
import type { ConferenceRow, JournalRow, ResearchField } from "../../functions/schema/records.ts";
import { conferenceLevel, journalLevel } from "./ranks.ts";
import { snapshot } from "./snapshot.ts";

interface Candidate<T> {
  row: T;
  fields: readonly ResearchField[];
  level: number | null;
  views: number;
}

interface Pool<T> {
  byField: Map<ResearchField, Candidate<T>[]>;
}

function pool<T extends { fields: ResearchField[]; views: number }>(
  rows: readonly T[],
  level: (row: T) => number | null,
): Pool<T> {
  const byField = new Map<ResearchField, Candidate<T>[]>();
  for (const row of rows) {
    const candidate = { row, fields: row.fields, level: level(row), views: row.views };
    for (const field of row.fields) {
      const list = byField.get(field) ?? [];
      list.push(candidate);
      byField.set(field, list);
    }
  }
  return { byField };
}

/** Unranked venues sit at level 0 so they are matched with each other before with ranked ones. */
const levelOf = (level: number | null) => level ?? 0;

function related<T extends { id: string }>(
  from: Pool<T>,
  fields: readonly ResearchField[],
  level: number | null,
  exceptId: string | null,
  count: number,
): T[] {
  const shared = new Map<Candidate<T>, number>();
  for (const field of fields) {
    for (const candidate of from.byField.get(field) ?? []) {
      if (candidate.row.id !== exceptId) shared.set(candidate, (shared.get(candidate) ?? 0) + 1);
    }
  }
  const target = levelOf(level);
  return [...shared.entries()]
    .sort(
      ([a, sharedA], [b, sharedB]) =>
        sharedB - sharedA ||
        Math.abs(levelOf(a.level) - target) - Math.abs(levelOf(b.level) - target) ||
        b.views - a.views ||
        Number(a.row.id) - Number(b.row.id),
    )
    .slice(0, count)
    .map(([candidate]) => candidate.row);
}

let pools: { conferences: Pool<ConferenceRow>; journals: Pool<JournalRow> } | undefined;

function allPools() {
  if (!pools) {
    const data = snapshot();
    pools = {
      conferences: pool(data.conferences, conferenceLevel),
      journals: pool(data.journals, journalLevel),
    };
  }
  return pools;
}

export interface RelatedVenues {
  conferences: ConferenceRow[];
  journals: JournalRow[];
}

export function relatedToConference(row: ConferenceRow): RelatedVenues {
  const level = conferenceLevel(row);
  return {
    conferences: related(allPools().conferences, row.fields, level, row.id, 6),
    journals: related(allPools().journals, row.fields, level, null, 4),
  };
}

export function relatedToJournal(row: JournalRow): RelatedVenues {
  const level = journalLevel(row);
  return {
    conferences: related(allPools().conferences, row.fields, level, null, 4),
    journals: related(allPools().journals, row.fields, level, row.id, 6),
  };
}
