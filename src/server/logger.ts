import pino from 'pino';

export type Logger = pino.Logger;

/** Structured JSON logs on stdout; `LOG_LEVEL=silent` in tests that expect errors. */
export function createLogger(level: string): Logger {
  return pino({ level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime });
}
