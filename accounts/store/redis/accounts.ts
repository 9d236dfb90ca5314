/** Accounts in Redis: the hash `account:<id>`, claimed by its e-mail's index `account-email:<email>`. */
import { type AccountStore, DuplicateEmailError } from "../types.ts";
import { isEmpty, type RedisContext, records } from "./context.ts";
import { indexedCreator } from "./indexed-records.ts";

export function redisAccounts(context: RedisContext): AccountStore {
  const { redis } = context;
  const createIndexed = indexedCreator(context);
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
  };
}
