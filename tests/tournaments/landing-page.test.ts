import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tournament, tournamentEntry } from '../../server/db/schema';
import { formatDays } from '../../shared/format/dates';
import { databaseKinds } from '../helpers/db';
import { createTestDeps, type TestDeps } from '../helpers/deps';
import { startTestServer, type TestServer } from '../helpers/server';
import { createTournamentFixture, type TournamentFixture, writeScores } from '../helpers/tournaments';
import { recordScore } from './live-support';

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

/**
 * Decision 0512: the page's first view is HTML from the server, the leaderboard readable without JavaScript,
 * made from exactly what the API answers an anonymous reader, and escaped wherever a name goes.
 */
describe.each(databaseKinds())('the public page as HTML from the server, on %s', (kind) => {
  let deps: TestDeps;
  let server: TestServer;
  let f: TournamentFixture;
  const hostile = '</script><img src=x onerror="window.hacked=1">';
  const clientDist = mkdtempSync(path.join(tmpdir(), 'golf-dist-'));

  beforeAll(async () => {
    writeFileSync(
      path.join(clientDist, 'index.html'),
      '<!doctype html>\n<html lang="nb">\n  <head>\n    <title>Hullvis</title>\n  </head>\n  <body>\n    <div id="root"></div>\n    <script type="module" src="/assets/app.js"></script>\n  </body>\n</html>\n',
    );
    deps = await createTestDeps({ db: kind });
    server = await startTestServer(deps, { client: 'static', clientDist });
    f = await createTournamentFixture(deps.db, { name: 'Serverens Cup', players: 3 });
    await deps.db.update(tournamentEntry).set({ name: hostile }).where(eq(tournamentEntry.id, f.players[2]!.entryId));
    await writeScores(
      deps.db,
      f,
      f.players[0]!.entryId,
      1,
      f.holes.map((h, n) => (n < 4 ? h.par - 1 : null)),
    );
  });
  afterAll(() => server.close());

  const get = (url: string, headers: Record<string, string> = {}) => fetch(`${server.url}${url}`, { headers });

  function bodyOf(html: string): string {
    return html.slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json"'));
  }

  function embeddedAnswer(html: string): unknown {
    const match =
      /<script type="application\/json" id="server-page" data-slug="([^"]+)" data-language="(nb|en)">([\s\S]*?)<\/script>/.exec(
        html,
      );
    expect(match?.[1]).toBe(f.slug);
    return JSON.parse(match![3]!);
  }

  it('shows the leaderboard in the HTML, each player once, in the order the API ranks them', async () => {
    const html = await (await get(`/t/${f.slug}`)).text();
    const body = bodyOf(html);
    expect(body).toContain('<h1 tabindex="-1">Serverens Cup</h1>');
    expect(body).toContain('data-testid="leaderboard"');
    const rows = [...body.matchAll(/data-testid="leaderboard-row" data-entry="([^"]+)"/g)].map((m) => m[1]);
    const api = (await (await get(`/public/tournaments/${f.slug}`)).json()) as {
      leaderboard: { divisions: { rows: { entryId: string }[] }[] };
    };
    expect(rows).toEqual(api.leaderboard.divisions[0]!.rows.map((r) => r.entryId));
    expect(rows).toHaveLength(3);
    expect(rows[0]).toBe(f.players[0]!.entryId);
    // The start list is there too, and the page is in the reader's language.
    expect(body).toContain('Startliste');
    const english = await (await get(`/t/${f.slug}`, { 'Accept-Language': 'en-GB,en;q=0.8' })).text();
    expect(english).toContain('<html lang="en"');
    expect(bodyOf(english)).toContain('Start list');
  });

  it('carries exactly the answer the API gives anyone, and nothing of the accounts behind it', async () => {
    const html = await (await get(`/t/${f.slug}`)).text();
    const api: unknown = await (await get(`/public/tournaments/${f.slug}`)).json();
    expect(embeddedAnswer(html)).toEqual(api);
    for (const player of f.players) {
      expect(html).not.toContain(player.user.id);
      expect(html).not.toContain(player.user.email);
    }
  });

  it('writes a hostile name as text: no element, no handler, and the embedded answer cannot end its script', async () => {
    const html = await (await get(`/t/${f.slug}`)).text();
    expect(html).not.toContain('<img');
    expect(html).not.toMatch(/onerror="window/);
    // The only `</script>` closings are those of the template's and the answer's own elements.
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(bodyOf(html)).toContain('&lt;/script&gt;&lt;img src=x onerror=&quot;window.hacked=1&quot;&gt;');
    const answer = embeddedAnswer(html) as { leaderboard: { divisions: { rows: { name: string }[] }[] } };
    expect(answer.leaderboard.divisions[0]!.rows.map((r) => r.name)).toContain(hostile);
  });

  it('is made once per version of the page and compressed, and a new score makes a new one', async () => {
    const first = await get(`/t/${f.slug}`, { 'Accept-Encoding': 'gzip' });
    expect(first.headers.get('content-encoding')).toBe('gzip');
    expect(first.headers.get('cache-control')).toBe('no-cache');
    expect(first.headers.get('vary')).toMatch(/Accept-Encoding/);
    expect(first.headers.get('vary')).toMatch(/Accept-Language/);
    const before = await first.text();
    expect(await (await get(`/t/${f.slug}`)).text()).toBe(before);

    const last = f.players[1]!;
    await recordScore(deps, f, { entryId: last.entryId, round: 1, hole: 1, strokes: 1 });
    const after = await (await get(`/t/${f.slug}`)).text();
    expect(after).not.toBe(before);
    // The new version is what the API answers now: the player is one hole through.
    const api = (await (await get(`/public/tournaments/${f.slug}`)).json()) as {
      leaderboard: { divisions: { rows: { entryId: string; thru: number }[] }[] };
    };
    expect(embeddedAnswer(after)).toEqual(api);
    expect(api.leaderboard.divisions[0]!.rows.find((r) => r.entryId === last.entryId)?.thru).toBe(1);
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
