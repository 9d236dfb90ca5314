/**
 * The state store's room, watched so an operator hears of a filling disk before the store refuses writes (every
 * metered call is a 503 then): the free space of STATE_DIR's file system (statfs), the store's own size, and for
 * Redis its used memory against `maxmemory`. Low space is under STATE_MIN_FREE: a share of the whole ("5%") or an
 * amount ("1GB"). /readyz reports it as a warning (still ready), /metrics as gauges to alert on.
 */
import { statfs } from "node:fs/promises";
import { z } from "zod";
import type { StorageFigures } from "../../runtime/metrics.ts";
import type { StorageUseStore } from "./types.ts";

export type MinFree = { percent: number } | { bytes: number };

export const DEFAULT_MIN_FREE = "5%";
/** Readings are reused this long: /readyz and /metrics are unmetered, so asking often costs one reading. */
const READING_KEPT_MS = 5000;

const UNITS: Record<string, number> = { "": 1, B: 1, KB: 1e3, MB: 1e6, GB: 1e9, TB: 1e12 };
const MIN_FREE = /^(\d+(?:\.\d+)?)\s*(%|B|KB|MB|GB|TB)?$/i;

/** STATE_MIN_FREE: "5%" (of the whole) or an amount in bytes, KB, MB, GB or TB ("1GB"). */
export const minFreeEnv = (name: string) =>
  z
    .string()
    .optional()
    .transform((raw, ctx): MinFree => {
      const value = raw?.trim() || DEFAULT_MIN_FREE;
      const match = MIN_FREE.exec(value);
      const amount = Number(match?.[1]);
      const unit = (match?.[2] ?? "").toUpperCase();
      if (match && unit === "%" && amount <= 100) return { percent: amount };
      if (match && unit !== "%") return { bytes: Math.round(amount * (UNITS[unit] ?? 1)) };
      ctx.addIssue({
        code: "custom",
        message: `${name} must be a share such as 5% or an amount such as 1GB (B, KB, MB, GB, TB), got "${value}"`,
      });
      return z.NEVER;
    });

const size = (bytes: number) =>
  bytes >= 1e9 ? `${(bytes / 1e9).toFixed(2)} GB` : `${(bytes / 1e6).toFixed(1)} MB`;

/** Whether `free` of `total` is under the threshold. */
const isLow = (free: number, total: number, min: MinFree) =>
  "percent" in min ? free < (total * min.percent) / 100 : free < min.bytes;

const thresholdText = (min: MinFree) => ("percent" in min ? `${min.percent} %` : size(min.bytes));

/** Reads the figures now. */
async function readStorage(stateDir: string, store: StorageUseStore, min: MinFree) {
  const [fs, use] = await Promise.all([statfs(stateDir), store.storageUse()]);
  const diskTotalBytes = fs.blocks * fs.bsize;
  // bavail: what an unprivileged process (this one) may still write.
  const diskFreeBytes = fs.bavail * fs.bsize;
  const warnings: string[] = [];
  if (isLow(diskFreeBytes, diskTotalBytes, min)) {
    warnings.push(
      `the file system of STATE_DIR has ${size(diskFreeBytes)} free of ${size(diskTotalBytes)}, under STATE_MIN_FREE (${thresholdText(min)})`,
    );
  }
  if (use.maxBytes !== null && isLow(use.maxBytes - use.bytes, use.maxBytes, min)) {
    warnings.push(
      `Redis uses ${size(use.bytes)} of its maxmemory ${size(use.maxBytes)}: under STATE_MIN_FREE (${thresholdText(min)}) left`,
    );
  }
  return {
    diskFreeBytes,
    diskTotalBytes,
    storeBytes: use.bytes,
    storeMaxBytes: use.maxBytes,
    warnings,
  } satisfies StorageFigures;
}

/** A reader of the figures, reused for READING_KEPT_MS; one reading at a time however many ask. */
export function storageWatch(
  stateDir: string,
  store: StorageUseStore,
  min: MinFree,
): () => Promise<StorageFigures> {
  let kept: { at: number; reading: Promise<StorageFigures> } | null = null;
  return () => {
    const now = performance.now();
    if (!kept || now - kept.at > READING_KEPT_MS) {
      const reading = readStorage(stateDir, store, min);
      kept = { at: now, reading };
      // A failed reading is not kept: the next caller asks again.
      reading.catch(() => {
        if (kept?.reading === reading) kept = null;
      });
    }
    return kept.reading;
  };
}
