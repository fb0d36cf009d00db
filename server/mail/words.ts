import type { mail } from '../../shared/i18n/nb/mail';
import type { TextKey, TextParams } from '../../shared/i18n/types';
import type { Language } from '../../shared/values';
import { texts } from '../texts';
import type { MailMessage } from './mailer';

export type MailKey = TextKey<typeof mail>;

/** A mail's words in its language, from the catalogues' `mail` area: `t('signIn.subject')`. */
export function mailWords(language: Language): (key: MailKey, params?: TextParams) => string {
  return (key, params) => texts.text(language, `mail.${key}`, params);
}

/** A plain-text mail: its lines, joined as the mail's body. */
export function textMail(to: string, subject: string, lines: readonly string[]): MailMessage {
  return { to, subject, text: lines.join('\n') };
}

/** For the HTML part of a mail: every text and value that goes into it. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
