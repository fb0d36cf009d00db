import nodemailer from 'nodemailer';
import type { Config } from '../config';
import { AppError } from '../errors';
import type { Logger } from '../log';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface SentMail extends MailMessage {
  id: number;
  sentAt: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** The development outbox (newest last); empty when mail goes to SMTP. */
  readonly outbox: readonly SentMail[];
  close(): void;
}

const OUTBOX_MAX_MESSAGES = 200;

/** What every endpoint says when its mail could not be handed to the SMTP server. */
export const MAIL_NOT_SENT_MESSAGE = 'errors.requests.mailNotSent';

/**
 * SMTP when SMTP_URL is set; otherwise the development outbox, kept in memory, printed on the console
 * (outside tests) and listed at /dev/mail. The outbox is never used in production: there SMTP_URL is
 * expected, and without it mail is only logged as not sent.
 */
export function createMailer(config: Config, logger: Logger, options: { printToConsole?: boolean } = {}): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      outbox: [],
      async send(message) {
        try {
          await transport.sendMail({ from: config.mailFrom, ...message });
        } catch (error) {
          // One clear answer for every mail-sending endpoint; the transport's detail goes to the log as the cause.
          throw new AppError('INTERNAL', { key: MAIL_NOT_SENT_MESSAGE, cause: error });
        }
        logger.info({ subject: message.subject }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }
  const outbox: SentMail[] = [];
  let nextId = 1;
  const print = options.printToConsole ?? config.nodeEnv === 'development';
  return {
    outbox,
    async send(message) {
      if (config.nodeEnv === 'production') {
        logger.error({ subject: message.subject }, 'mail not sent: SMTP_URL is not set');
        return;
      }
      outbox.push({ ...message, id: nextId++, sentAt: new Date().toISOString() });
      if (outbox.length > OUTBOX_MAX_MESSAGES) outbox.shift();
      if (print) {
        // The development outbox is meant to be read on the console; it is not the log.
        console.log(`\n── e-post til ${message.to}: ${message.subject}\n${message.text}\n──\n`);
      }
    },
    close: () => {},
  };
}
