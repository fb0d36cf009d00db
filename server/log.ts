import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };

/**
 * Structured JSON logs. Secrets must never be passed in; the redaction list is a second line of defence
 * for the places where a whole header or body object might slip into a log call.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: undefined,
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
