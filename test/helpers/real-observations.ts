/** The real upstream's conference observations, read once by the build's own importers, looked up by source and key. */
import { IMPORTERS } from "../../pipeline/importers/index.ts";
import type { ConferenceObservation } from "../../pipeline/sources/observations.ts";
import { REAL_UPSTREAM } from "./upstream-builds.ts";

let all: Promise<Map<string, ConferenceObservation>> | null = null;

async function readAll(): Promise<Map<string, ConferenceObservation>> {
  const out = new Map<string, ConferenceObservation>();
  for (const [, importer] of IMPORTERS) {
    for (const o of (await importer(REAL_UPSTREAM)).conferences) out.set(`${o.source}:${o.key}`, o);
  }
  return out;
}

/** The observations named "source:key" (as details.json's `sources` lists them), in the order asked; throws on a miss. */
export async function realObservations(...ids: string[]): Promise<ConferenceObservation[]> {
  all ??= readAll();
  const byId = await all;
  return ids.map((id) => {
    const o = byId.get(id);
    if (!o) throw new Error(`no observation ${id} in the real upstream`);
    return o;
  });
}
