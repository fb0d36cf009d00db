import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../server/auth/session-token';
import { texts } from '../../server/texts';
import { ERRORS } from '../../shared/errors';
import { errors as enErrors } from '../../shared/i18n/en/errors';
import { errors as nbErrors } from '../../shared/i18n/nb/errors';
import { teeInput } from '../../shared/schemas/courses';
import { RULE_FACTS } from '../../shared/schemas/rule-facts';
import { zodIssues } from '../../server/trpc/errors';
import { ROLES } from '../../shared/values';
import type { TestDeps } from '../helpers/deps';
import { sessionTokenFor } from '../helpers/caller';
import { createUser, uniqueEmail } from '../helpers/factories';
import { lastMailTo, signInFromMail } from '../helpers/mail';
import { TRANSPORTS, useDepsAndServer } from '../helpers/transport';

/** Decisions 0020 and 0023: what the server says in words is a key of one catalogue per language. */

/** Every text of an area, by its dotted key. */
function flatten(tree: object, prefix = 'errors.'): Map<string, string> {
  const out = new Map<string, string>();
  for (const [name, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(prefix + name, value);
    else for (const [k, v] of flatten(value as object, `${prefix}${name}.`)) out.set(k, v);
  }
  return out;
}

/** The `{{name}}`s and `$t(…)`s a text words its facts with, in order of name. */
const variables = (text: string) => [...text.matchAll(/\{\{[^}]*\}\}|\$t\([^)]*\)/g)].map((m) => m[0]).sort();

describe('the errors catalogue', () => {
  const nb = flatten(nbErrors);
  const en = flatten(enErrors);

  it('gives every error code a Norwegian and an English message', () => {
    for (const code of Object.keys(ERRORS)) {
      const key = `errors.codes.${code}`;
      expect(nb.get(key)?.trim(), code).toBeTruthy();
      expect(en.get(key)?.trim(), code).toBeTruthy();
      expect(en.get(key), code).not.toBe(nb.get(key));
    }
  });

  it('words every text in both languages with the same facts, none of them empty', () => {
    expect([...en.keys()]).toEqual([...nb.keys()]);
    for (const [key, text] of nb) {
      expect(text.trim(), key).not.toBe('');
      expect(en.get(key)?.trim(), key).not.toBe('');
      expect(variables(en.get(key) ?? ''), key).toEqual(variables(text));
    }
  });

  /** The files that make errors or schemas; mails, stored rows and scripts answer no caller. */
  function sources(): { file: string; source: string }[] {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (path.endsWith('.ts')) files.push(path);
      }
    };
    walk('server');
    walk('shared/schemas');
    // The environment's and the course file's messages are the operator's, in English (server/config.ts,
    // the import script's file check in server/courses/import.ts).
    const skipped = /server\/(mail\/templates|db\/schema|scripts)\/|server\/(app|config|courses\/import)\.ts$/;
    return files.filter((f) => !skipped.test(f)).map((file) => ({ file, source: readFileSync(file, 'utf8') }));
  }

  /**
   * Read from the source: every `message:` and `key:` given a literal names a key, and no Norwegian
   * sentence is left anywhere in these files (AppError's and the refusal helpers' keys are typed, too).
   */
  it('has no sentence in an error or a schema: each says a key of the catalogue', () => {
    const sentences: { file: string; text: string }[] = [];
    const messages: { file: string; text: string }[] = [];
    for (const { file, source } of sources()) {
      if (!/AppError|\bz\.|issues\.push|refusal\(|assertStatus\(/.test(source)) continue;
      for (const m of source.matchAll(/\b(?:message|key):\s*('(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`)/g)) {
        messages.push({ file, text: m[1]! });
      }
      for (const m of source.matchAll(/'((?:[^'\\\n]|\\.)*)'|`((?:[^`\\]|\\.)*)`/g)) {
        const text = m[1] ?? m[2] ?? '';
        const norwegian = /[æøå]|\b(er|må|kan|ikke|Fant|Ugyldig|Oppgi|Høyst|Minst)\b/i.test(text);
        if (/^[A-ZÆØÅÉ]/.test(text) && text.endsWith('.') && text.includes(' ') && norwegian) {
          sentences.push({ file, text });
        }
      }
    }
    expect(messages.length).toBeGreaterThan(150);
    expect(messages.filter((m) => !/^'errors\.[\w.]+'$/.test(m.text))).toEqual([]);
    expect(sentences).toEqual([]);
  });

  /**
   * A zod rule's issue carries only the bound it checks (`minimum` on `.min()`, `maximum` on `.max()`), an
   * enum's `values`, or a refinement's `params`; a text that names anything else gets its facts from
   * RULE_FACTS, or the reader would see "{{max}}" (the slope's range once did).
   */
  it('names in a schema rule’s text only the facts its issue will carry', () => {
    const unworded: string[] = [];
    for (const { file, source } of sources()) {
      for (const m of source.matchAll(
        /\.(min|max|length|enum|refine|superRefine)\([^;]*?message: '(errors\.[\w.]+)'/g,
      )) {
        const [, check, key] = m as unknown as [string, string, string];
        if (check === 'refine' || check === 'superRefine') continue;
        const carried = new Set(['minimum', 'maximum', 'values', ...Object.keys(RULE_FACTS[key] ?? {})]);
        const named = [...(nb.get(key) ?? '').matchAll(/\{\{\s*(\w+)/g)].map((v) => v[1]!);
        for (const name of named) if (!carried.has(name)) unworded.push(`${file}: ${key} names {{${name}}}`);
      }
    }
    expect(unworded).toEqual([]);
  });

  it('words a range by both its ends, whichever end a value crossed, in both languages', () => {
    const tee = { name: 'Gul', courseRating: 71.2, par: 72 };
    const issue = (slope: number, language: 'nb' | 'en') => {
      const result = teeInput.safeParse({ ...tee, slope });
      return result.success ? [] : zodIssues(result.error, language).map((i) => i.message);
    };
    expect(issue(40, 'nb')).toEqual(['Slope må være mellom 55 og 155.']);
    expect(issue(200, 'nb')).toEqual(['Slope må være mellom 55 og 155.']);
    expect(issue(200, 'en')).toEqual(['Slope must be between 55 and 155.']);
  });

  it('knows every key the code names', () => {
    const named = new Set<string>();
    for (const { source } of sources()) {
      for (const m of source.matchAll(/'(errors\.[\w.]+)'/g)) named.add(m[1]!);
    }
    expect(named.size).toBeGreaterThan(150);
    expect([...named].filter((key) => !nb.has(key))).toEqual([]);
  });

  it('words the facts in each language: lists joined as that language joins them, numbers as numbers', () => {
    expect(texts.text('en', 'errors.values.role', { values: ROLES })).toBe('The role must be owner, admin or member.');
    expect(texts.text('nb', 'errors.values.role', { values: ROLES })).toBe('Rollen må være owner, admin eller member.');
    expect(texts.text('en', 'errors.courses.slopeRange', { min: 55, max: 155 })).toBe(
      'Slope must be between 55 and 155.',
    );
    expect(texts.text('en', 'errors.tournaments.signMissingHoles', { holes: [3, 7, 12] })).toBe(
      'The card cannot be signed before every hole is entered. Missing: holes 3, 7 and 12.',
    );
    expect(texts.text('en', 'errors.tournaments.statusChange', { from: 'finished', to: 'open' })).toBe(
      'The tournament cannot go from “finished” to “open for entries”.',
    );
    expect(texts.text('nb', 'errors.tournaments.statusChange', { from: 'finished', to: 'open' })).toBe(
      'Turneringen kan ikke gå fra «ferdig» til «åpen for påmelding».',
    );
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

describe('a value worded into a message', () => {
  it('keeps every `$` pattern and `{{`/`$t(` of a value as it is', () => {
    const [a, b] = ['http://a.example/$&', 'http://b.example/$`$t(errors.codes.INTERNAL)'];
    expect(texts.text('en', 'errors.requests.wrongOrigin', { origin: a, publicOrigin: b })).toBe(
      `The app is open at ${a}, but the service is set up for ${b}. Open ${b} instead.`,
    );
    expect(texts.text('nb', 'errors.tournaments.guestAlreadyEntered', { name: '{{name}}' })).toBe(
      'En gjest som heter {{name}} er allerede påmeldt.',
    );
  });
});
