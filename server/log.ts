import { pino, type DestinationStream, type Logger } from 'pino';
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
