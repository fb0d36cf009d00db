import type { SentMail } from '../../server/mail/mailer';
import type { TestDeps } from './deps';

/** Reading the outbox the way a person reads their inbox: by address, then from the text. */

export function mailsTo(deps: TestDeps, address: string): SentMail[] {
  return deps.mailer.outbox.filter((m) => m.to === address.toLowerCase());
}

export function lastMailTo(deps: TestDeps, address: string): SentMail {
  const mails = mailsTo(deps, address);
  if (mails.length === 0) throw new Error(`no mail to ${address}`);
  return mails[mails.length - 1]!;
}

export function codeIn(text: string): string {
  // The code ends its line in every mail ("…koden: 123456" or alone); a link's token never does.
  const match = /(?:^|[\s:])(\d{6})$/m.exec(text);
  if (!match) throw new Error(`no six-digit code in mail:\n${text}`);
  return match[1]!;
}

/** The link to `path` in a mail, and the token it carries; the six-digit code when there is one. */
export function linkFromMail(
  mail: Pick<SentMail, 'text'>,
  path: string,
): { link: string; token: string; code: string | null } {
  const link = new RegExp(`(https?://\\S+${path.replace(/[/.?]/g, (c) => `\\${c}`)}\\?token=\\S+)`).exec(
    mail.text,
  )?.[1];
  if (!link) throw new Error(`no ${path} link in mail:\n${mail.text}`);
  const code = /(?:koden|code)[^:\n]*: (\d{6})/.exec(mail.text)?.[1] ?? null;
  return { link, token: new URL(link).searchParams.get('token')!, code };
}

/** The sign-in mail's link token and code: it always carries both. */
export function signInFromMail(mail: Pick<SentMail, 'text'>): { token: string; code: string; link: string } {
  const { link, token, code } = linkFromMail(mail, '/login/verify');
  if (!code) throw new Error(`not a sign-in mail:\n${mail.text}`);
  return { token, code, link };
}
