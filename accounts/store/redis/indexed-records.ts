/** Records that claim a unique index as they are written (an account's e-mail, an API key's hash). */
import { CREATE_INDEXED } from "../redis-scripts.ts";
import { pairs, type RedisContext } from "./context.ts";

export type CreateIndexed = (
  index: string,
  key: string,
  record: Record<string, string | null> & { id: string },
  list?: string,
) => Promise<boolean>;

/**
 * Writes `record` (it has an id) as the hash `key` if it can claim the unique `index`, and appends its id to
 * `list` when given, all at once (CREATE_INDEXED); false when the index was taken.
 */
export function indexedCreator(context: RedisContext): CreateIndexed {
  const createIndexed = context.script("vdCreateIndexed", 3, CREATE_INDEXED);
  return async (index, key, record, list) => {
    const appended = list === undefined ? "0" : "1";
    return (await createIndexed(index, key, list ?? key, record.id, appended, ...pairs(record))) !== 0;
  };
}
