import { formatDateTime } from '../../../shared/format/dates';
import type { Language, TwoFactorMethod } from '../../../shared/values';
import type { MailMessage } from '../mailer';
import { mailWords, textMail } from '../words';

/** The 2FA mails. Codes appear in the text only: never in a subject line or a log. */

/** A mailed code: what it is for, the code on its own line, how long it holds, and what to do if it was not you. */
function codeMail(
  to: string,
  subject: string,
  lines: { intro: string; code: string; valid: string; notYou: string },
  language: Language,
) {
  const t = mailWords(language);
  return textMail(to, subject, [
    lines.intro,
    '',
    lines.code,
    '',
    `${lines.valid} ${lines.notYou}`,
    '',
    t('common.signature'),
  ]);
}

export function twoFactorCodeMail(to: string, code: string, minutes: number, language: Language): MailMessage {
  const t = mailWords(language);
  return codeMail(
    to,
    t('twoFactor.codeSubject'),
    { intro: t('twoFactor.code'), code, valid: t('common.codeValid', { minutes }), notYou: t('twoFactor.codeNotYou') },
    language,
  );
}

export function twoFactorSetupCodeMail(to: string, code: string, minutes: number, language: Language): MailMessage {
  const t = mailWords(language);
  return codeMail(
    to,
    t('twoFactor.setupSubject'),
    {
      intro: t('twoFactor.setup'),
      code,
      valid: t('common.codeValid', { minutes }),
      notYou: t('twoFactor.setupNotYou'),
    },
    language,
  );
}

export type TwoFactorChange =
  | { kind: 'enabled'; method: TwoFactorMethod }
  | { kind: 'replaced'; from: TwoFactorMethod; to: TwoFactorMethod }
  | { kind: 'disabled'; method: TwoFactorMethod };

export function twoFactorChangedMail(to: string, change: TwoFactorChange, at: Date, language: Language): MailMessage {
  const t = mailWords(language);
  const name = (m: TwoFactorMethod) => t(`twoFactor.method.${m}`);
  // A change that ends the other sessions says so.
  const signedOut = (what: string) => `${what} ${t('twoFactor.signedOut')}`;
  let what: string;
  switch (change.kind) {
    case 'enabled':
      what = t('twoFactor.enabled', { method: name(change.method) });
      break;
    case 'replaced':
      what = signedOut(
        change.from === change.to
          ? t('twoFactor.redone', { method: name(change.to) })
          : t('twoFactor.replaced', { from: name(change.from), to: name(change.to) }),
      );
      break;
    case 'disabled':
      what = signedOut(t('twoFactor.disabled', { method: name(change.method) }));
      break;
  }
  return textMail(to, t(change.kind === 'disabled' ? 'twoFactor.disabledSubject' : 'twoFactor.changedSubject'), [
    what,
    t('twoFactor.when', { time: formatDateTime(at, language) }),
    '',
    t('twoFactor.notYou'),
    '',
    t('common.signature'),
  ]);
}
