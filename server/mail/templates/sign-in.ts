import type { Language } from '../../../shared/values';
import type { MailMessage } from '../mailer';
import { escapeHtml, mailWords } from '../words';

/**
 * The sign-in mail: the same text for a known and an unknown address (the first sign-in creates the
 * account), so the mail itself reveals nothing about whether an account exists. Its language is the
 * request's (the address is not looked up, decision 0108).
 */
export function signInMail(input: {
  to: string;
  link: string;
  code: string;
  validMinutes: number;
  language: Language;
}): MailMessage {
  const t = mailWords(input.language);
  const hello = t('signIn.hello');
  const asked = t('signIn.asked');
  const code = t('signIn.code');
  const valid = `${t('common.linkValid', { minutes: input.validMinutes })} ${t('signIn.newLinkStops')}`;
  const notYou = t('signIn.notYou');
  const text = [hello, '', asked, '', input.link, '', `${code} ${input.code}`, '', valid, '', notYou].join('\n');
  const html = `<!doctype html><html lang="${input.language}"><meta charset="utf-8"><body style="font-family:sans-serif">
<p>${escapeHtml(hello)}</p>
<p>${escapeHtml(asked)}</p>
<p><a href="${escapeHtml(input.link)}">${escapeHtml(t('signIn.button'))}</a></p>
<p>${escapeHtml(code)} <strong style="font-size:1.4em;letter-spacing:0.1em">${escapeHtml(input.code)}</strong></p>
<p>${escapeHtml(valid)}</p>
<p>${escapeHtml(notYou)}</p>
</body></html>`;
  return { to: input.to, subject: t('signIn.subject'), text, html };
}
