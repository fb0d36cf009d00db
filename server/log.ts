import { pino, type DestinationStream, type Logger } from 'pino';
import { PinoPretty } from 'pino-pretty';
import { serializeError } from './log-errors';

export type { Logger };

/**
 * Structured JSON logs. Secrets must never be passed in; the redaction list is a second line of defence
 * for the places where a whole header or body object might slip into a log call.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: undefined,
    // Errors keep what and where, never the values (failed SQL carries its parameters): log-errors.ts.
    serializers: { err: serializeError },
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'headers.cookie',
        '*.password',
        '*.newPassword',
        '*.currentPassword',
        '*.token',
        '*.code',
        '*.secret',
      ],
      censor: '[skjult]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

/**
 * The lines a person reads at the console: `npm start` outside production prints each log line as one
 * readable line (time, level, message, fields) rather than JSON. Synchronous, in this process (no worker
 * thread), so nothing is lost when the process stops. Production and tests keep JSON lines.
 */
export function readableConsole(): DestinationStream {
  return PinoPretty({
    sync: true,
    singleLine: true,
    colorize: process.stdout.isTTY,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname',
  });
}
