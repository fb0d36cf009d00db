import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tournament } from '../../server/db/schema';
import { formatDays } from '../../shared/format/dates';
import { createTestDeps, type TestDeps } from '../helpers/deps';
import { startTestServer, type TestServer } from '../helpers/server';
import { createTournamentFixture, type TournamentFixture } from '../helpers/tournaments';

/**
 * PUBLIC_URL/t/{slug}: a link shared in a club's chat previews the tournament without JavaScript, from the
 * HTML head alone; a tournament an anonymous reader may not see previews as the plain app.
 */
describe('the public address of a tournament', () => {
  let deps: TestDeps;
  let server: TestServer;
  let open: TournamentFixture;
  let membersOnly: TournamentFixture;
  let draft: TournamentFixture;
  const clientDist = mkdtempSync(path.join(tmpdir(), 'golf-dist-'));

  beforeAll(async () => {
    writeFileSync(
      path.join(clientDist, 'index.html'),
      '<!doctype html>\n<html lang="nb">\n  <head>\n    <meta charset="UTF-8" />\n    <title>Hullvis</title>\n    <meta\n      name="description"\n      content="Appens egen beskrivelse."\n    />\n  </head>\n  <body><div id="root"></div></body>\n</html>\n',
    );
    deps = await createTestDeps();
    server = await startTestServer(deps, { client: 'static', clientDist });
    open = await createTournamentFixture(deps.db, { name: 'Vårcupen <2026> & "Ære"', rounds: 2 });
    await deps.db
      .update(tournament)
      .set({ description: 'Slagspill for alle.\nPremier til de tre beste i hver klasse.' })
      .where(eq(tournament.id, open.tournamentId));
    membersOnly = await createTournamentFixture(deps.db, { name: 'Internt klubbmesterskap', visibility: 'members' });
    draft = await createTournamentFixture(deps.db, { name: 'Hemmelig utkast', status: 'draft' });
  });
  afterAll(() => server.close());

  async function page(slug: string) {
    const res = await fetch(`${server.url}/t/${encodeURIComponent(slug)}`);
    return {
      status: res.status,
      type: res.headers.get('content-type'),
      cache: res.headers.get('cache-control'),
      html: await res.text(),
    };
  }

  it("carries a public tournament's name, club, dates, course and description in the head, escaped", async () => {
    const { status, type, cache, html } = await page(open.slug);
    expect(status).toBe(200);
    expect(type).toMatch(/text\/html/);
    expect(cache).toBe('no-cache');
    const title = 'Vårcupen &lt;2026&gt; &amp; &quot;Ære&quot; – Turneringsklubben GK';
    expect(html).toContain(`<title>${title}</title>`);
    expect(html).toContain(`<meta property="og:title" content="${title}" />`);
    const description =
      'Turneringsklubben GK · 1.–2. juni 2026 · Bogstad. Slagspill for alle. Premier til de tre beste i hver klasse.';
    expect(html).toContain(`<meta name="description" content="${description}" />`);
    expect(html).toContain(`<meta property="og:description" content="${description}" />`);
    expect(html).toContain(
      `<meta property="og:url" content="${deps.config.publicUrl}/t/${encodeURIComponent(open.slug)}" />`,
    );
    // One title and one description only (the tournament's), and the app itself is still there.
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).not.toContain('Appens egen beskrivelse.');
    expect(html.match(/<div id="root">/g)).toHaveLength(1);
  });

  it('keeps a name with every `$` pattern of a replacement string as it is, in the title and the tags', async () => {
    const name = "Cup $` $' $& $$ $1 $<x> $";
    const dollars = await createTournamentFixture(deps.db, { name });
    const { html } = await page(dollars.slug);
    const title = `Cup $\` $&#39; $&amp; $$ $1 $&lt;x&gt; $ – Turneringsklubben GK`;
    expect(html).toContain(`<title>${title}</title>`);
    expect(html).toContain(`<meta property="og:title" content="${title}" />`);
    // Nothing of the page was copied into the head: one head, one title, one app.
    expect(html.match(/<head>/g)).toHaveLength(1);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<div id="root">/g)).toHaveLength(1);
  });

  it('names nothing for a members-only tournament, a draft or an unknown slug: the plain app is served', async () => {
    for (const slug of [membersOnly.slug, draft.slug, 'finnes-ikke', 'KARI@EXAMPLE.NO\u0000', '\u0000']) {
      const { status, html } = await page(slug);
      expect(status).toBe(200);
      expect(html).toContain('<title>Hullvis</title>');
      expect(html).not.toMatch(/og:|Internt|Hemmelig/);
    }
  });
});

describe('tournament dates in Norwegian and English', () => {
  it.each([
    [['2026-06-01'], '1. juni 2026'],
    [['2026-06-02', '2026-06-01'], '1.–2. juni 2026'],
    [['2026-05-30', '2026-06-01'], '30. mai – 1. juni 2026'],
    [['2026-12-31', '2027-01-01'], '31. desember 2026 – 1. januar 2027'],
    [[], ''],
  ])('%j → %s', (dates, expected) => {
    expect(formatDays(dates, 'nb')).toBe(expected);
  });
  it.each([
    [['2026-06-01'], '1 June 2026'],
    [['2026-06-02', '2026-06-01'], '1–2 June 2026'],
    [['2026-05-30', '2026-06-01'], '30 May – 1 June 2026'],
    [['2026-12-31', '2027-01-01'], '31 December 2026 – 1 January 2027'],
  ])('%j → %s in English', (dates, expected) => {
    expect(formatDays(dates, 'en')).toBe(expected);
  });
});
