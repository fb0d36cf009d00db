import type { Language } from '../../../shared/values';
import type { MailMessage } from '../mailer';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const TEXTS = {
  nb: {
    subject: 'Logg inn på Hullvis',
    hello: 'Hei!',
    asked:
      'Noen ba om å logge inn på Hullvis med denne e-postadressen. Var det deg, åpner du lenken og trykker «Logg inn»:',
    button: 'Logg inn på Hullvis',
    code: 'Eller skriv inn denne koden på innloggingssiden:',
    valid: (minutes: number) =>
      `Lenken og koden gjelder i ${minutes} minutter og kan brukes én gang. Ber du om en ny lenke, slutter denne å virke.`,
    notYou: 'Var det ikke deg, kan du se bort fra denne e-posten. Ingen får tilgang uten lenken eller koden.',
  },
  en: {
    subject: 'Sign in to Hullvis',
    hello: 'Hello!',
    asked:
      'Someone asked to sign in to Hullvis with this e-mail address. If it was you, open the link and press “Sign in”:',
    button: 'Sign in to Hullvis',
    code: 'Or type this code on the sign-in page:',
    valid: (minutes: number) =>
      `The link and the code are valid for ${minutes} minutes and can be used once. If you ask for a new link, this one stops working.`,
    notYou: 'If it was not you, you can ignore this e-mail. No one gets in without the link or the code.',
  },
} as const satisfies Record<Language, unknown>;

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
  const t = TEXTS[input.language];
  const text = [
    t.hello,
    '',
    t.asked,
    '',
    input.link,
    '',
    `${t.code} ${input.code}`,
    '',
    t.valid(input.validMinutes),
    '',
    t.notYou,
  ].join('\n');
  const html = `<!doctype html><html lang="${input.language}"><meta charset="utf-8"><body style="font-family:sans-serif">
<p>${t.hello}</p>
<p>${escapeHtml(t.asked)}</p>
<p><a href="${escapeHtml(input.link)}">${t.button}</a></p>
<p>${t.code} <strong style="font-size:1.4em;letter-spacing:0.1em">${escapeHtml(input.code)}</strong></p>
<p>${t.valid(input.validMinutes)}</p>
<p>${t.notYou}</p>
</body></html>`;
  return { to: input.to, subject: t.subject, text, html };
}
