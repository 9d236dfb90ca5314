/**
 * What every capability of the Redis store (redis/*.ts) runs on: the connection, the clock, the key prefix, its Lua
 * scripts, and how a record is kept as a hash (a null field is simply absent).
 */
import type { Redis } from "ioredis";
import { recordReaders } from "../shared.ts";

export type Fields = Record<string, string>;
type ScriptFn = (...keysThenArgs: (string | number)[]) => Promise<unknown>;

export class RedisContext {
  private readonly scripts = new Map<string, ScriptFn>();

  constructor(
    readonly redis: Redis,
    /** Prepended by ioredis to KEYS; scripts that name further keys themselves are given it. */
    readonly keyPrefix: string,
    readonly now: () => number,
  ) {}

  /**
   * The Lua script `lua` as a command: ioredis runs it by EVALSHA (falling back to EVAL) and prefixes its KEYS.
   * Without `numberOfKeys` the command takes the number of keys as its first argument. Defined once per name.
   */
  script(name: string, numberOfKeys: number | undefined, lua: string): ScriptFn {
    let command = this.scripts.get(name);
    if (!command) {
      this.redis.defineCommand(name, { numberOfKeys, lua });
      const defined = (this.redis as unknown as Record<string, ScriptFn>)[name];
      if (!defined) throw new Error(`ioredis did not define ${name}`);
      command = defined.bind(this.redis);
      this.scripts.set(name, command);
    }
    return command;
  }

  isoNow(): string {
    return new Date(this.now()).toISOString();
  }
}

/** Field/value pairs of the non-null entries, flattened for HSET. */
export function pairs(record: Record<string, string | null>): string[] {
  return Object.entries(record).flatMap(([field, value]) => (value === null ? [] : [field, value]));
}

export const opt = (fields: Fields, name: string): string | null => fields[name] ?? null;
export const req = (fields: Fields, name: string): string => fields[name] ?? "";

/** A hash holds strings only, and no field at all for a null. */
export const records = recordReaders<Fields>((f) => ({
  text: (name) => req(f, name),
  optionalText: (name) => opt(f, name),
  count: (name) => Number(f[name] ?? 0),
  flag: (name) => f[name] === "1",
}));

export const isEmpty = (f: Fields): boolean => Object.keys(f).length === 0;

/** Field/value pairs as a script returns them (like HGETALL's reply), as a record. */
export function fieldsOf(flat: readonly string[]): Fields {
  const fields: Fields = {};
  for (let i = 0; i + 1 < flat.length; i += 2) fields[flat[i] as string] = flat[i + 1] as string;
  return fields;
}
