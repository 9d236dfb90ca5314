/**
 * Feed answers made once and served many times: the filtered `/deadlines.ics` and `/deadlines.xml` cost tens of
 * milliseconds to make (a whole calendar at most), and before this one client fetching them in a loop stalled
 * everyone (issue 44). Each is made once per key (the caller names the snapshot, the hour and the filter in it),
 * concurrent first requests wait for the same making, and the answer is cached as bytes with an ETag and its
 * brotli / gzip copies (made on libuv's threads, once each). The whole cache is bounded in bytes, so unique filters
 * asked for one after another only push older answers out.
 */
import { hash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { LRUCache } from "lru-cache";
import { chooseEncoding } from "../edge/compression.ts";
import { matchesIfNoneMatch } from "../http/conditional.ts";

/** What a feed's maker returns: a 200 answer's type and text. */
export interface FeedText {
  type: string;
  text: string;
}

type Encoding = "br" | "gzip";

interface MadeFeed {
  type: string;
  bytes: Buffer;
  etag: string;
  /** Compressed copies, each made on first request. */
  copies: Partial<Record<Encoding, Promise<Buffer>>>;
}

/** Every answer and copy together stay under this many bytes (the feed of every deadline is about 0.7 MB). */
const MAX_BYTES = 48 * 1024 * 1024;
/** Below this the encoding costs more than it saves (as edge/compression.ts). */
const MIN_COMPRESSED_BYTES = 1024;
const CACHE_CONTROL = "public, max-age=3600";

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

function compress(bytes: Buffer, encoding: Encoding): Promise<Buffer> {
  if (encoding === "gzip") return gzipped(bytes, { level: 6 });
  return brotli(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  });
}

export class FeedAnswers {
  private readonly feeds: LRUCache<string, MadeFeed, () => Promise<FeedText>>;

  /** `maxBytes`: every answer and copy this cache holds, together (48 MB unless said). */
  constructor(maxBytes = MAX_BYTES) {
    this.feeds = new LRUCache({
      maxSize: maxBytes,
      // Twice the text: room for its compressed copies (a tenth of it each for these feeds).
      sizeCalculation: (feed) => Math.max(1, feed.bytes.length * 2),
      fetchMethod: async (_key, _stale, { context }) => {
        const { type, text } = await context();
        const bytes = Buffer.from(text);
        return { type, bytes, etag: `"${hash("sha1", bytes, "base64url")}"`, copies: {} };
      },
    });
  }

  /** The feed cached under `key` (made by `make` when it is not) as text: what a reminder variant is made from. */
  async text(key: string, make: () => Promise<FeedText>): Promise<FeedText> {
    const feed = await this.made(key, make);
    return { type: feed.type, text: feed.bytes.toString() };
  }

  private async made(key: string, make: () => Promise<FeedText>): Promise<MadeFeed> {
    const feed = await this.feeds.fetch(key, { context: make });
    if (!feed) throw new Error(`feed ${key} was not made`);
    return feed;
  }

  /** The answer to `req` from the feed cached under `key`, made by `make` when it is not cached. */
  async answer(req: Request, key: string, make: () => Promise<FeedText>): Promise<Response> {
    const feed = await this.made(key, make);
    const headers: Record<string, string> = {
      "content-type": feed.type,
      "cache-control": CACHE_CONTROL,
      etag: feed.etag,
    };
    if (matchesIfNoneMatch(req.headers.get("if-none-match"), feed.etag)) {
      return new Response(null, { status: 304, headers });
    }
    const encoding =
      feed.bytes.length < MIN_COMPRESSED_BYTES ? null : chooseEncoding(req.headers.get("accept-encoding"));
    if (encoding) {
      feed.copies[encoding] ??= compress(feed.bytes, encoding);
      const copy = await feed.copies[encoding];
      // The ETag names the content, not these bytes (as edge/compression.ts marks compressed answers).
      Object.assign(headers, { "content-encoding": encoding, etag: `W/${feed.etag}` });
      return this.sized(req, copy, headers);
    }
    return this.sized(req, feed.bytes, headers);
  }

  private sized(req: Request, body: Buffer, headers: Record<string, string>): Response {
    headers["content-length"] = String(body.length);
    return new Response(
      req.method === "HEAD" ? null : new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.length),
      { status: 200, headers },
    );
  }
}
