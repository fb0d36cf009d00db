import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../server/auth/session-token';
import { englishOf, ENGLISH_MESSAGES } from '../../shared/error-messages';
import { ERRORS } from '../../shared/errors';
import type { TestDeps } from '../helpers/deps';
import { sessionTokenFor } from '../helpers/caller';
import { createUser, uniqueEmail } from '../helpers/factories';
import { lastMailTo, signInFromMail } from '../helpers/mail';
import { TRANSPORTS, useDepsAndServer } from '../helpers/transport';

/** Decision 0020: what the server says in words follows the caller's language. */

describe('the error table', () => {
  it('gives every error code a Norwegian and an English message', () => {
    for (const [code, entry] of Object.entries(ERRORS)) {
      expect(entry.message.trim(), code).not.toBe('');
      expect(entry.en.trim(), code).not.toBe('');
      expect(entry.en, code).not.toBe(entry.message);
    }
  });

  /**
   * The server's own texts, read from the source: every string in a file that makes errors or schemas,
   * starting with a capital and ending with a full stop, is a message someone may see. `${…}` stands for
   * a value, tried here as "7".
   */
  function sourceMessages(): { file: string; text: string }[] {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (path.endsWith('.ts')) files.push(path);
      }
    };
    walk('server');
    walk('shared');
    // Mails have their own languages (server/mail/templates); stored rows and scripts answer no caller.
    const skipped = /server\/(mail\/templates|db\/schema|scripts)\/|server\/app\.ts$|server\/config\.ts$/;
    const found: { file: string; text: string }[] = [];
    for (const file of files.filter((f) => !skipped.test(f))) {
      const source = readFileSync(file, 'utf8');
      if (!/AppError|\bz\.|issues\.push|refusal\(|assertStatus\(/.test(source)) continue;
      for (const m of source.matchAll(/'((?:[^'\\\n]|\\.)*)'|`((?:[^`\\]|\\.)*)`/g)) {
        const text = (m[1] ?? m[2] ?? '').replace(/\$\{[^}]*\}/g, '7');
        if (
          /^[A-ZÆØÅÉ]/.test(text) &&
          text.endsWith('.') &&
          text.includes(' ') &&
          /[æøå]|\b(er|må|kan|ikke|Fant|Ugyldig|Oppgi|Høyst|Minst)\b/i.test(text)
        )
          found.push({ file, text });
      }
    }
    return found;
  }

  it('has English for every Norwegian message of the server and the schemas', () => {
    const messages = sourceMessages();
    expect(messages.length).toBeGreaterThan(150);
    expect(messages.filter((m) => englishOf(m.text) === undefined)).toEqual([]);
  });

  it('puts values into the English, with the Norwegian words a list carries translated', () => {
    expect(englishOf('Rollen må være owner, admin eller member.')).toBe('The role must be owner, admin or member.');
    expect(englishOf('Slope må være mellom 55 og 155.')).toBe('Slope must be between 55 and 155.');
    expect(englishOf('Noe helt annet.')).toBeUndefined();
    expect(Object.keys(ENGLISH_MESSAGES).length).toBeGreaterThan(150);
  });
});

describe('error messages in the caller’s language, over REST and tRPC', () => {
  let deps: TestDeps;
  const env = useDepsAndServer((started) => (deps = started.deps));

  async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(env.url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  }

  it('answers in English when Accept-Language prefers English, else in Norwegian', async () => {
    const user = await createUser(deps.db, { password: 'et langt passord for testen' });
    const wrong = { email: user.email, password: 'feil passord for testen' };
    const en = await post('/auth/login', wrong, { 'accept-language': 'en-GB,en;q=0.9,nb;q=0.5' });
    expect(en.status).toBe(401);
    expect(en.body.error).toMatchObject({ code: 'INVALID_CREDENTIALS', message: 'Wrong e-mail address or password.' });
    const nb = await post('/auth/login', wrong, { 'accept-language': 'nb-NO,nb;q=0.9,en;q=0.8' });
    expect(nb.body.error.message).toBe('Feil e-postadresse eller passord.');
    const none = await post('/auth/login', wrong);
    expect(none.body.error.message).toBe('Feil e-postadresse eller passord.');
  });

  it('words field issues in English: our own texts and zod’s general ones', async () => {
    const res = await post('/auth/request-link', { email: 'ikke-en-adresse' }, { 'accept-language': 'en' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Invalid details. Check the fields and try again.');
    expect(res.body.error.issues).toEqual([{ path: 'email', message: 'Invalid e-mail address.' }]);
    const wrongType = await post('/auth/request-link', { email: 42 }, { 'accept-language': 'en' });
    expect(wrongType.body.error.issues[0].message).toMatch(/^Invalid input: expected string/);
    expect(wrongType.body.error.issues[0].message).not.toMatch(/[æøå]|Ugyldig/);
  });

  it('answers a tRPC call over HTTP in the language of its Accept-Language', async () => {
    const res = await fetch(`${env.url}/trpc/auth.requestLink`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'en-US' },
      body: JSON.stringify({ email: 'ikke-en-adresse' }),
    });
    const body = (await res.json()) as any;
    expect(body.error.message).toBe('Invalid details. Check the fields and try again.');
    expect(body.error.data.issues).toEqual([{ path: 'email', message: 'Invalid e-mail address.' }]);
  });

  it('prefers the account’s saved language to Accept-Language', async () => {
    const user = await createUser(deps.db, { language: 'en' });
    const cookie = `${SESSION_COOKIE}=${encodeURIComponent(await sessionTokenFor(deps, user))}`;
    const res = await fetch(`${env.url}/account/profile`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', 'accept-language': 'nb-NO', cookie },
      body: JSON.stringify({ name: '' }),
    });
    const body = (await res.json()) as any;
    expect(res.status).toBe(400);
    expect(body.error.issues).toEqual([{ path: 'name', message: 'The name cannot be empty.' }]);
  });

  describe.each(TRANSPORTS)('the account’s language over %s', (transport) => {
    it('is null (follow the browser) until chosen, then what was saved; anything else is refused', async () => {
      const user = await createUser(deps.db);
      const c = await env.as(user, transport);
      expect((await c.call('account.language')).body).toEqual({ language: null });
      expect((await c.call('account.setLanguage', { language: 'en' })).body).toEqual({ language: 'en' });
      expect((await c.call('account.language')).body).toEqual({ language: 'en' });
      // auth.me stays the contract's {user}.
      expect(Object.keys((await c.call('auth.me')).body)).toEqual(['user']);
      expect((await c.call('account.setLanguage', { language: null })).body).toEqual({ language: null });
      const refused = await c.call('account.setLanguage', { language: 'de' });
      expect(refused.status).toBe(400);
      expect(refused.error?.issues?.[0]).toMatchObject({ path: 'language', message: 'Språket må være nb eller en.' });
      expect((await c.call('account.language')).body).toEqual({ language: null });
    });
  });

  describe('mails', () => {
    it('writes the sign-in mail in the request’s language', async () => {
      const english = uniqueEmail('en');
      expect((await post('/auth/request-link', { email: english }, { 'accept-language': 'en-US,en' })).status).toBe(
        200,
      );
      const mail = lastMailTo(deps, english);
      expect(mail.subject).toBe('Sign in to Hullvis');
      expect(mail.text).toContain('The link and the code are valid for 15 minutes');
      expect(mail.html).toContain('<html lang="en">');
      expect(signInFromMail(mail).code).toMatch(/^\d{6}$/);
      const norwegian = uniqueEmail('nb');
      await post('/auth/request-link', { email: norwegian }, { 'accept-language': 'nb-NO' });
      expect(lastMailTo(deps, norwegian).subject).toBe('Logg inn på Hullvis');
    });

    it('writes an account’s mails in its saved language, whatever the request says', async () => {
      const user = await createUser(deps.db, { language: 'en' });
      const cookie = `${SESSION_COOKIE}=${encodeURIComponent(await sessionTokenFor(deps, user))}`;
      const res = await fetch(`${env.url}/account/deletion/code`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': 'nb-NO', cookie },
        body: '{}',
      });
      expect(res.status).toBe(200);
      const mail = lastMailTo(deps, user.email);
      expect(mail.subject).toBe('Code to delete the account');
      expect(mail.text).toContain('Deleting cannot be undone');
    });

    it('follows the request’s language for an account that follows the browser', async () => {
      const user = await createUser(deps.db);
      const cookie = `${SESSION_COOKIE}=${encodeURIComponent(await sessionTokenFor(deps, user))}`;
      const added = uniqueEmail('ekstra');
      const res = await fetch(`${env.url}/account/emails`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': 'en', cookie },
        body: JSON.stringify({ email: added }),
      });
      expect(res.status).toBe(200);
      expect(lastMailTo(deps, added).subject).toBe('Confirm a new e-mail address');
    });
  });
});

describe('a value worded into an English message', () => {
  it('keeps every `$` pattern of a replacement string as it is', () => {
    const [a, b, c] = ['http://a.example/$&', 'http://b.example/$`', "http://c.example/$'$$"];
    expect(englishOf(`Appen er åpnet på ${a}, men tjenesten er satt opp for ${b}. Åpne ${c} i stedet.`)).toBe(
      `The app is open at ${a}, but the service is set up for ${b}. Open ${c} instead.`,
    );
  });
});
