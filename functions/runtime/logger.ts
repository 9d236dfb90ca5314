/** The slice of a pino logger the service uses, so modules can be handed any logger (or a silent one in tests). */
export interface Logger {
  info(details: object, message?: string): void;
  warn(details: object, message?: string): void;
  error(details: object, message?: string): void;
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };
