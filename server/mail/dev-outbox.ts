import { Router } from 'express';
import type { Deps } from '../deps';
import type { SentMail } from './mailer';
import { DEV_OUTBOX_CSS, devOutboxPage } from './dev-outbox-page';

/** `?to=`: the mails whose address contains it (any case); everything when it is missing or empty. */
function mailsFor(outbox: readonly SentMail[], to: unknown): SentMail[] {
  const wanted = typeof to === 'string' ? to.trim().toLowerCase() : '';
  // Newest first: the mail just asked for is the one a developer looks for.
  const newestFirst = [...outbox].reverse();
  return wanted === '' ? newestFirst : newestFirst.filter((m) => m.to.toLowerCase().includes(wanted));
}

/**
 * Outside production: the development outbox, as a page (/dev/mail, with its stylesheet, so it is usable on
 * a phone under the Content-Security-Policy) and as JSON (/dev/mail.json, which tests and scripts read:
 * `{messages: [...]}`, newest first). Both take `?to=` to show one address's mails.
 */
export function devMailRoutes(deps: Deps): Router {
  const r = Router();
  r.get('/dev/mail.json', (req, res) => {
    res.json({ messages: mailsFor(deps.mailer.outbox, req.query.to) });
  });
  r.get('/dev/mail.css', (_req, res) => {
    res.type('css').send(DEV_OUTBOX_CSS);
  });
  r.get('/dev/mail', (req, res) => {
    const to = typeof req.query.to === 'string' ? req.query.to.trim() : '';
    res.type('html').send(devOutboxPage(mailsFor(deps.mailer.outbox, to), { to, total: deps.mailer.outbox.length }));
  });
  return r;
}
