/** Accounts in Redis: the hash `account:<id>`, claimed by its e-mail's index `account-email:<email>`. */
import { type AccountStore, DuplicateEmailError } from "../types.ts";
import { isEmpty, type RedisContext, records } from "./context.ts";
import { indexedCreator } from "./indexed-records.ts";

/** KEYS[1] a record's hash; ARGV field/value pairs. Sets them only when the record exists: 1, else 0. */
const UPDATE_EXISTING = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('HSET', KEYS[1], unpack(ARGV))
return 1
`;

export function redisAccounts(context: RedisContext): AccountStore {
  const { redis } = context;
  const createIndexed = indexedCreator(context);
  const updateExisting = context.script("vdUpdateExisting", 1, UPDATE_EXISTING);
  const getAccount: AccountStore["getAccount"] = async (id) => {
    const fields = await redis.hgetall(`account:${id}`);
    return isEmpty(fields) ? null : records.account(fields);
  };
  return {
    async createAccount(a) {
      const created = await createIndexed(`account-email:${a.email}`, `account:${a.id}`, {
        id: a.id,
        email: a.email,
        name: a.name,
        institution: a.institution,
        password_hash: a.passwordHash,
        password_salt: a.passwordSalt,
        verified: a.verified ? "1" : "0",
        created_at: a.createdAt,
      });
      if (!created) throw new DuplicateEmailError(a.email);
    },

    getAccount,

    async findAccountByEmail(email) {
      const id = await redis.get(`account-email:${email}`);
      return id === null ? null : getAccount(id);
    },

    async markAccountVerified(accountId) {
      return (await updateExisting(`account:${accountId}`, "verified", "1")) === 1;
    },

    async setAccountPassword(accountId, password, validAfter) {
      const fields = ["password_hash", password.hash, "password_salt", password.salt];
      return (
        (await updateExisting(`account:${accountId}`, ...fields, "credentials_valid_after", validAfter)) === 1
      );
    },
  };
}
