import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';

/*
 * The log an operator ships: one JSON object a line on standard output, whoever writes it (a
 * request, the database driver, Redis, the S3 client, Node itself). Every line passes the same
 * safety net on its way out, so no e-mail address, password, token or card number is kept even
 * when a library puts one in an error message.
 */

/** What stands in the log for a value that must not be kept there. */
const REDACTED = '[redacted]';

/** Fields whose value is a secret whatever it looks like. */
const SECRET_FIELD =
  /pass(?:word|wd)?|token|secret|authorization|cookie|credential|api.?key|card.?number|cvc|cvv/i;
/** An e-mail address inside any text. */
const EMAIL_ADDRESS = /[\w.%+-]+@[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}/gi;
/** Thirteen to nineteen digits, spaced or not: a card number when its check digit holds. */
const DIGIT_RUN = /\b\d(?:[ -]?\d){12,18}\b/g;
/**
 * A line worth a closer look: without any of these it leaves exactly as written. The time every
 * line carries is thirteen digits, and is no card number.
 */
const SUSPECT =
  /@|pass|token|secret|authoriz|cookie|credential|api.?key|card|cvc|cvv|(?<!"time":)\b\d(?:[ -]?\d){12}/i;

/** The Luhn check every payment card number passes. */
function isCardNumber(text: string): boolean {
  const digits = text.replace(/\D/g, '');
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

function maskedText(text: string): string {
  return text
    .replace(EMAIL_ADDRESS, REDACTED)
    .replace(DIGIT_RUN, (run) => (isCardNumber(run) ? REDACTED : run));
}

function masked(value: unknown): unknown {
  if (typeof value === 'string') return maskedText(value);
  if (Array.isArray(value)) return value.map(masked);
  if (value && typeof value === 'object') {
    const copy: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      copy[key] = SECRET_FIELD.test(key) && inner !== null ? REDACTED : masked(inner);
    }
    return copy;
  }
  return value;
}

/** A finished log line with every secret field, e-mail address and card number in it replaced. */
export function maskedLogLine(line: string): string {
  if (!SUSPECT.test(line)) return line;
  try {
    return `${JSON.stringify(masked(JSON.parse(line)))}\n`;
  } catch {
    return maskedText(line);
  }
}

/** What every logger of the process is made with: its level and the safety net above. */
export function logOptions(level: string): LoggerOptions {
  return {
    level,
    hooks: { streamWrite: maskedLogLine },
    serializers: { err: pino.stdSerializers.err },
  };
}

/**
 * A logger for what runs outside a request and outside the app (starting, supervising, a fatal
 * error): standard output by default, or the stream given (`2` for standard error, written at
 * once, before the process exits).
 */
export function createProcessLog(level = 'info', destination?: DestinationStream | 2): Logger {
  if (destination === 2) return pino(logOptions(level), pino.destination({ dest: 2, sync: true }));
  return destination ? pino(logOptions(level), destination) : pino(logOptions(level));
}

/**
 * Node's own warnings (deprecations, a listener leak, the AWS SDK's notices) go to the log as
 * JSON instead of Node's plain text on standard error.
 */
export function logProcessWarnings(log: Logger) {
  process.removeAllListeners('warning');
  process.on('warning', (warning) => log.warn({ err: warning }, warning.message));
}
