/**
 * The mail queue capability (accounts/store/sqlite/mail.ts, accounts/store/redis/mail.ts), one contract run against
 * the embedded SQLite store and a real redis-server, on a clock the test moves. What a backend keeps of a message
 * (bodies dropped once sent) is read straight from its storage.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { Redis } from "ioredis";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { RedisStore } from "../../../accounts/store/redis-store.ts";
import { SqliteStore } from "../../../accounts/store/sqlite-store.ts";
import type { MailInput, Store } from "../../../accounts/store/types.ts";
import { withRedis } from "../../helpers/redis-server.ts";

const clock = { ms: Date.UTC(2026, 0, 5, 9, 0, 0) };
const now = () => clock.ms;
const MINUTE = 60_000;
/** Store calls may wait this long: the contract is what is tested, not a loaded machine's 2 s deadline. */
const timeoutMs = 15_000;

/** What a backend kept of message `id`: its bodies (null when dropped) and status; null when it is gone. */
type Peek = (id: string) => Promise<{ text: string | null; html: string | null; status: string } | null>;

interface Backend {
  open(): Promise<Store>;
  peek: Peek;
  dispose(): Promise<void>;
}

function fileBackend(): Backend {
  const dir = mkdtempSync(join(tmpdir(), "vd-mail-"));
  return {
    open: async () => new SqliteStore({ dir, now, timeoutMs }),
    async peek(id) {
      const db = new DatabaseSync(join(dir, "state.sqlite"), { readOnly: true });
      try {
        const row = db.prepare("SELECT text, html, status FROM mail_queue WHERE id = ?").get(id);
        return row
          ? { text: row.text as string | null, html: row.html as string | null, status: String(row.status) }
          : null;
      } finally {
        db.close();
      }
    },
    async dispose() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

let run = 0;
function redisBackend(url: string): Backend {
  run += 1;
  const keyPrefix = `mail${run}-${process.pid}:`;
  const raw = new Redis(url, { keyPrefix });
  return {
    open: () => RedisStore.connect({ url, keyPrefix, now, timeoutMs }),
    async peek(id) {
      const f = await raw.hgetall(`mail:${id}`);
      if (Object.keys(f).length === 0) return null;
      return { text: f.text ?? null, html: f.html ?? null, status: f.status ?? "" };
    },
    async dispose() {
      raw.disconnect();
    },
  };
}

let serial = 0;
function mail(to: string, overrides: Partial<MailInput> = {}): MailInput {
  serial += 1;
  return {
    id: `m${serial}`,
    dedupeKey: `key-${serial}`,
    to,
    subject: `Subject ${serial}`,
    text: `Open https://example.org/verify?t=${serial}`,
    html: `<p><a href="https://example.org/verify?t=${serial}">Verify</a></p>`,
    headers: { "List-Unsubscribe": "<https://example.org/u>" },
    ...overrides,
  };
}

function contract(name: string, makeBackend: () => Backend) {
  describe(name, () => {
    let backend: Backend;
    let opened: Store[] = [];
    const open = async () => {
      const store = await backend.open();
      opened.push(store);
      return store;
    };
    beforeEach(() => {
      clock.ms = Date.UTC(2026, 0, 5, 9, 0, 0);
      backend = makeBackend();
    });
    afterEach(async () => {
      await Promise.all(opened.map((s) => s.close()));
      opened = [];
      await backend.dispose();
    });

    it("queues a message once per dedupe key and hands it to one owner at a time, again after the lease", async () => {
      const store = await open();
      const first = mail("ada@example.org", { dedupeKey: "verify:a1:t1" });
      expect(await store.enqueueMail(first)).toBe("queued");
      expect(await store.enqueueMail(mail("ada@example.org", { dedupeKey: "verify:a1:t1" }))).toBe(
        "duplicate",
      );
      expect(await store.mailQueueDepth()).toEqual({ pending: 1, dead: 0 });

      const claimed = await store.claimMail("one", 10, MINUTE);
      expect(claimed.suppressed).toBe(0);
      expect(claimed.mail).toEqual([{ ...first, attempts: 0, leaseUntil: clock.ms + MINUTE }]);
      const other = await open();
      expect((await other.claimMail("two", 10, MINUTE)).mail).toEqual([]);

      // The first owner died: once its lease ends the message is due again, for the other owner only.
      clock.ms += MINUTE;
      expect((await other.claimMail("two", 10, MINUTE)).mail.map((m) => m.id)).toEqual([first.id]);
      expect(await store.markMailSent(first.id, "one")).toBe(false);
      expect(await other.markMailSent(first.id, "two")).toBe(true);
      expect(await other.markMailSent(first.id, "two")).toBe(false);
      expect(await store.mailQueueDepth()).toEqual({ pending: 0, dead: 0 });
      clock.ms += 10 * MINUTE;
      expect((await store.claimMail("one", 10, MINUTE)).mail).toEqual([]);
    });

    it("drops the bodies of a sent message (they hold live links) and keeps a dead one's for the operator", async () => {
      const store = await open();
      const sent = mail("bo@example.org");
      const dying = mail("cy@example.org");
      await store.enqueueMail(sent);
      await store.enqueueMail(dying);
      expect(await backend.peek(sent.id)).toMatchObject({
        text: sent.text,
        html: sent.html,
        status: "pending",
      });
      await store.claimMail("one", 10, MINUTE);
      await store.markMailSent(sent.id, "one");
      expect(await backend.peek(sent.id)).toEqual({ text: null, html: null, status: "sent" });
      expect(await store.markMailFailed(dying.id, "one", "550 gone", null)).toBe(true);
      expect(await backend.peek(dying.id)).toEqual({ text: dying.text, html: dying.html, status: "dead" });
      expect(await store.mailQueueDepth()).toEqual({ pending: 0, dead: 1 });
    });

    it("retries a failed message when asked, counting its attempts, and never before", async () => {
      const store = await open();
      const m = mail("di@example.org");
      await store.enqueueMail(m);
      await store.claimMail("one", 10, MINUTE);
      expect(await store.markMailFailed(m.id, "one", "451 try later", 2 * MINUTE)).toBe(true);
      expect(await store.markMailFailed(m.id, "one", "451 try later", 2 * MINUTE)).toBe(false);
      clock.ms += 2 * MINUTE - 1;
      expect((await store.claimMail("one", 10, MINUTE)).mail).toEqual([]);
      clock.ms += 1;
      const again = await store.claimMail("two", 10, MINUTE);
      expect(again.mail).toMatchObject([{ id: m.id, attempts: 1, text: m.text }]);
      expect(await store.mailQueueDepth()).toEqual({ pending: 1, dead: 0 });
    });

    it("suppresses an address refused for good: its waiting and later mail is recorded as suppressed, not sent", async () => {
      const store = await open();
      const bounced = mail("Gone@Example.org");
      const waiting = mail("gone@example.org");
      const fine = mail("ok@example.org");
      for (const m of [bounced, waiting, fine]) await store.enqueueMail(m);
      // The first claim takes one message only; the second waits in the queue meanwhile.
      const [claimed] = (await store.claimMail("one", 1, MINUTE)).mail;
      expect(claimed?.id).toBe(bounced.id);
      expect(await store.bounceMail(bounced.id, "one", "550 5.1.1 no such user")).toBe(true);
      expect(await store.isMailSuppressed(" GONE@example.org ")).toBe(true);
      expect(await store.isMailSuppressed("ok@example.org")).toBe(false);

      const next = await store.claimMail("one", 10, MINUTE);
      expect(next.suppressed).toBe(1);
      expect(next.mail.map((m) => m.id)).toEqual([fine.id]);
      expect(await backend.peek(waiting.id)).toEqual({ text: null, html: null, status: "suppressed" });
      const later = mail("gone@EXAMPLE.org");
      expect(await store.enqueueMail(later)).toBe("suppressed");
      expect(await backend.peek(later.id)).toMatchObject({ text: null, status: "suppressed" });
      expect(await store.mailQueueDepth()).toEqual({ pending: 1, dead: 0 });
    });

    it("purges finished mail after the keeping time, and its dedupe key with it", async () => {
      const store = await open();
      const m = mail("ed@example.org", { dedupeKey: "digest:s1:2026-W02" });
      const waiting = mail("fa@example.org");
      await store.enqueueMail(m);
      await store.claimMail("one", 1, MINUTE);
      await store.markMailSent(m.id, "one");
      await store.enqueueMail(waiting);
      clock.ms += 30 * 86_400_000;
      expect(await store.purgeMail(30 * 86_400_000)).toBe(0);
      clock.ms += 1;
      expect(await store.purgeMail(30 * 86_400_000)).toBe(1);
      expect(await backend.peek(m.id)).toBeNull();
      expect(await backend.peek(waiting.id)).not.toBeNull();
      expect(await store.enqueueMail(mail("ed@example.org", { dedupeKey: "digest:s1:2026-W02" }))).toBe(
        "queued",
      );
    });

    it("never hands one message to two owners claiming at once from two connections", async () => {
      const [a, b] = [await open(), await open()];
      const all = Array.from({ length: 200 }, (_, i) => mail(`r${i}@example.org`));
      for (const m of all) await a.enqueueMail(m);
      const seen: string[] = [];
      const drain = async (store: Store, owner: string) => {
        for (;;) {
          const { mail: batch } = await store.claimMail(owner, 7, MINUTE);
          if (batch.length === 0) return;
          seen.push(...batch.map((m) => m.id));
          await Promise.all(batch.map((m) => store.markMailSent(m.id, owner)));
        }
      };
      await Promise.all([drain(a, "a"), drain(b, "b"), drain(a, "a2"), drain(b, "b2")]);
      expect(seen.length).toBe(200);
      expect(new Set(seen).size).toBe(200);
      expect(await a.mailQueueDepth()).toEqual({ pending: 0, dead: 0 });
    });
  });
}

contract("mail queue on SQLite", fileBackend);

withRedis((url) => {
  contract("mail queue on Redis", () => redisBackend(url()));
});
