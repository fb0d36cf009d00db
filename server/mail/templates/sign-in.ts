import type { MailMessage } from '../mailer';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The sign-in mail: the same text for a known and an unknown address (the first sign-in creates the
 * account), so the mail itself reveals nothing about whether an account exists.
 */
export function signInMail(input: { to: string; link: string; code: string; validMinutes: number }): MailMessage {
  const subject = 'Logg inn på Golfkortet';
  const text = [
    'Hei!',
    '',
    'Noen ba om å logge inn på Golfkortet med denne e-postadressen. Var det deg, åpner du lenken under',
    'og trykker «Logg inn»:',
    '',
    input.link,
    '',
    `Eller skriv inn denne koden på innloggingssiden: ${input.code}`,
    '',
    `Lenken og koden gjelder i ${input.validMinutes} minutter og kan brukes én gang. Ber du om en ny lenke,`,
    'slutter denne å virke.',
    '',
    'Var det ikke deg, kan du se bort fra denne e-posten. Ingen får tilgang uten lenken eller koden.',
  ].join('\n');
  const html = `<!doctype html><html lang="nb"><meta charset="utf-8"><body style="font-family:sans-serif">
<p>Hei!</p>
<p>Noen ba om å logge inn på Golfkortet med denne e-postadressen. Var det deg, åpner du lenken og trykker «Logg inn»:</p>
<p><a href="${escapeHtml(input.link)}">Logg inn på Golfkortet</a></p>
<p>Eller skriv inn denne koden på innloggingssiden: <strong style="font-size:1.4em;letter-spacing:0.1em">${escapeHtml(input.code)}</strong></p>
<p>Lenken og koden gjelder i ${input.validMinutes} minutter og kan brukes én gang. Ber du om en ny lenke, slutter denne å virke.</p>
<p>Var det ikke deg, kan du se bort fra denne e-posten. Ingen får tilgang uten lenken eller koden.</p>
</body></html>`;
  return { to: input.to, subject, text, html };
}
