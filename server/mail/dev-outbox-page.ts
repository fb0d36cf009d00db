import type { SentMail } from './mailer';

/**
 * The development outbox as a page a developer reads on a phone while signing in on it: the mails newest
 * first, their links clickable, the six-digit code large, a filter by address. No script and no inline
 * style: the stylesheet is served beside it (/dev/mail.css), so the Content-Security-Policy (style-src
 * 'self') applies to it unchanged.
 */

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const LINK = /https?:\/\/[^\s<>"']+/g;
/** A code ends its line in every mail ("…koden: 123456" or alone), as tests/helpers/mail.ts reads it. */
const CODE_AT_LINE_END = /(^|[\s:])(\d{6})$/;

/** One line of a mail's text: links become links, a six-digit code at the end becomes large. */
function lineHtml(line: string): string {
  const code = CODE_AT_LINE_END.exec(line);
  const text = code ? line.slice(0, code.index + code[1]!.length) : line;
  let html = '';
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    html += escapeHtml(text.slice(last, match.index));
    html += `<a href="${escapeHtml(match[0])}">${escapeHtml(match[0])}</a>`;
    last = match.index + match[0].length;
  }
  html += escapeHtml(text.slice(last));
  if (code) html += `<strong class="code">${code[2]}</strong>`;
  return html;
}

const timeFormat = new Intl.DateTimeFormat('nb-NO', {
  dateStyle: 'medium',
  timeStyle: 'medium',
  timeZone: 'Europe/Oslo',
});

function mailHtml(mail: SentMail): string {
  const to = escapeHtml(mail.to);
  return [
    '<article>',
    `<h2>${escapeHtml(mail.subject)}</h2>`,
    `<p class="meta">Til <a href="/dev/mail?to=${encodeURIComponent(mail.to)}">${to}</a> · `,
    `<time datetime="${escapeHtml(mail.sentAt)}">${escapeHtml(timeFormat.format(new Date(mail.sentAt)))}</time></p>`,
    `<div class="text">${mail.text.split('\n').map(lineHtml).join('<br>\n')}</div>`,
    '</article>',
  ].join('');
}

export function devOutboxPage(mails: SentMail[], filter: { to: string; total: number }): string {
  const empty =
    filter.total === 0
      ? '<p>Ingen e-post sendt ennå. Be om en innloggingslenke, så dukker den opp her.</p>'
      : `<p>Ingen e-post til adresser som inneholder «${escapeHtml(filter.to)}».</p>`;
  const count = filter.to
    ? `${mails.length} av ${filter.total} e-poster · <a href="/dev/mail">Vis alle</a>`
    : `${filter.total} ${filter.total === 1 ? 'e-post' : 'e-poster'}, nyeste først`;
  return `<!doctype html>
<html lang="nb">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Utviklings-e-post</title>
<link rel="stylesheet" href="/dev/mail.css">
</head>
<body>
<main>
<h1>Utviklings-e-post</h1>
<p class="note">E-post sendt av tjenesten mens den kjører uten SMTP. Finnes ikke i produksjon.</p>
<form method="get" action="/dev/mail" role="search">
<label for="to">Vis e-post til</label>
<div class="row"><input id="to" name="to" type="search" inputmode="email" autocomplete="email" value="${escapeHtml(filter.to)}" placeholder="adresse eller del av den"><button type="submit">Vis</button></div>
</form>
<p class="count">${count}</p>
${mails.length === 0 ? empty : mails.map(mailHtml).join('\n')}
</main>
</body>
</html>`;
}

/** Large enough to tap, readable in sunlight; the code in a monospace face with room between the digits. */
export const DEV_OUTBOX_CSS = `
*, *::before, *::after { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body { margin: 0; font: 1rem/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #14231a; background: #f3f6f4; }
main { max-width: 48rem; margin: 0 auto; padding: 1rem; }
h1 { font-size: 1.5rem; margin: 0.5rem 0; }
h2 { font-size: 1.125rem; margin: 0 0 0.25rem; overflow-wrap: anywhere; }
a { color: #0b5d2a; overflow-wrap: anywhere; }
.note, .count, .meta { color: #3d4f44; margin: 0.25rem 0 0.75rem; }
form { margin: 1rem 0; }
label { display: block; font-weight: 600; margin-bottom: 0.25rem; }
.row { display: flex; gap: 0.5rem; }
input { flex: 1; min-width: 0; min-height: 3rem; padding: 0.5rem 0.75rem; font: inherit; border: 1px solid #6b7d71; border-radius: 0.5rem; background: #fff; color: inherit; }
button { min-height: 3rem; padding: 0.5rem 1.25rem; font: inherit; font-weight: 600; color: #fff; background: #0b5d2a; border: 0; border-radius: 0.5rem; }
article { background: #fff; border: 1px solid #cfd8d2; border-radius: 0.75rem; padding: 1rem; margin: 0 0 1rem; }
.text { overflow-wrap: anywhere; }
.text a { display: inline-block; padding: 0.5rem 0; }
.code { display: inline-block; margin: 0.25rem 0; padding: 0.125rem 0.5rem; font: 700 1.75rem/1.3 ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; letter-spacing: 0.2em; background: #e6f2ea; border-radius: 0.375rem; }
@media (min-width: 40rem) { main { padding: 2rem 1rem; } }
`;
