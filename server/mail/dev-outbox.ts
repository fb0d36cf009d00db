import { Router } from 'express';
import type { Deps } from '../deps';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Outside production: the development outbox, as a page (/dev/mail) and as JSON (/dev/mail.json). */
export function devMailRoutes(deps: Deps): Router {
  const r = Router();
  r.get('/dev/mail.json', (_req, res) => {
    res.json({ messages: [...deps.mailer.outbox].reverse() });
  });
  r.get('/dev/mail', (_req, res) => {
    const items = [...deps.mailer.outbox]
      .reverse()
      .map(
        (m) =>
          `<article><h2>${escapeHtml(m.subject)}</h2><p>Til: ${escapeHtml(m.to)} · ${escapeHtml(m.sentAt)}</p><pre>${escapeHtml(m.text)}</pre></article>`,
      )
      .join('\n');
    res
      .type('html')
      .send(
        `<!doctype html><html lang="nb"><meta charset="utf-8"><title>Utviklings-e-post</title><body style="font-family:sans-serif;max-width:50rem;margin:2rem auto"><h1>Utviklings-e-post</h1>${items || '<p>Ingen e-post sendt ennå.</p>'}</body></html>`,
      );
  });
  return r;
}
