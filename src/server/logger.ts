import pino from 'pino';

export type Logger = pino.Logger;

/** The longest text one log field copies: enough to tell what happened, never a founder's whole text. */
export const LOG_TEXT_MAX = 500;

/** `text` cut to `max` characters, saying how long it was. */
export function boundedText(text: string, max = LOG_TEXT_MAX): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length} characters)`;
}

type LoggedError = { type: string; message: string; code?: unknown; stack?: string; cause?: LoggedError };

/**
 * An error as the log keeps it: its type, code, message and stack with the message bounded.
 * A failed query's message carries its parameters (a founder's whole update, a 100 kB callback
 * URL); the stack starts with that message again.
 */
export function loggableError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: boundedText(String(error)) };
  const message = boundedText(error.message);
  const stack = error.stack ? boundedText(error.stack.replace(error.message, message), 4 * LOG_TEXT_MAX) : undefined;
  const code = (error as { code?: unknown }).code;
  return {
    type: error.name,
    message,
    ...(code === undefined ? {} : { code }),
    ...(stack ? { stack } : {}),
    ...(error.cause !== undefined && depth < 3 ? { cause: loggableError(error.cause, depth + 1) } : {}),
  };
}

/** Structured JSON logs on stdout; `LOG_LEVEL=silent` in tests that expect errors. Every `err` is bounded (`loggableError`). */
export function createLogger(level: string): Logger {
  return pino({ level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime, serializers: { err: (error: unknown) => loggableError(error) } });
}
