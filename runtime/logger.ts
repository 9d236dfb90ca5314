import pino from "pino";

/** The slice of a pino logger the service uses, so modules can be handed any logger (or a silent one in tests). */
export interface Logger {
  info(details: object, message?: string): void;
  warn(details: object, message?: string): void;
  error(details: object, message?: string): void;
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };

/** Lines are written in batches of at least this many bytes (about 16 request lines)… */
const LOG_BATCH_BYTES = 4096;
/** …or after this long, so a quiet server's lines still go out within a second. */
const LOG_FLUSH_MS = 1000;

/**
 * The server's logger: pino to stdout through an asynchronous, batched destination, so a request pays for
 * formatting its line, not for a write of its own. pino flushes what is pending when the process exits.
 */
export function createLogger(level: string): Logger {
  return pino(
    { level },
    pino.destination({ dest: 1, sync: false, minLength: LOG_BATCH_BYTES, periodicFlush: LOG_FLUSH_MS }),
  );
}

/** The commands' own few lines (start, serve, stop), JSON like the server's, written at once: some come just before an exit. */
export function createLineLogger(level: string): pino.Logger {
  return pino({ level }, pino.destination({ dest: 1, sync: true }));
}
