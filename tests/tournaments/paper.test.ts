import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../server/auth/session-token';
import { tournamentEntry } from '../../server/db/schema';
import { allocateStrokes } from '../../server/golf/strokes';
import { callerAs, sessionTokenFor } from '../helpers/caller';
import { databaseKinds } from '../helpers/db';
import { createTestDeps, type TestDeps } from '../helpers/deps';
import { startTestServer, type TestServer } from '../helpers/server';
import { createTournamentFixture, writeScores } from '../helpers/tournaments';
import { restClient, type Client } from '../helpers/transport';
import { playWorld, type PlayWorld } from './play-support';
import { buildWorld, tournamentInput } from './support';

/**
 * The club day's paper (docs/contract.md section 13, decision 0431) through the real server, read as a golfer
 * reads it: the text poppler extracts, the fonts embedded, and the pages rendered to pictures.
 */

const SHOTS = join(process.cwd(), 'test-results', 'paper');

/** The PDF's text, laid out as on the page (pdftotext -layout), one string per page. */
function pagesOf(pdf: Buffer): string[] {
  const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8');
  return text.split('\f').filter((page) => page.trim() !== '');
}

/** Renders every page at 60 dpi; the pictures are kept under test-results/paper/ to be looked at. */
function rendered(pdf: Buffer, name: string): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'paper-'));
  writeFileSync(join(dir, 'doc.pdf'), pdf);
  execFileSync('pdftoppm', ['-png', '-r', '60', join(dir, 'doc.pdf'), join(dir, 'page')]);
  mkdirSync(SHOTS, { recursive: true });
  writeFileSync(join(SHOTS, `${name}.pdf`), pdf);
  const pages = readdirSync(dir).filter((f) => f.endsWith('.png'));
  for (const page of pages) writeFileSync(join(SHOTS, `${name}-${page}`), execFileSync('cat', [join(dir, page)]));
  return pages;
}

function fontsOf(pdf: Buffer): string {
  return execFileSync('pdffonts', ['-'], { input: pdf }).toString('utf8');
}

const bytes = (body: { pdf: string }) => Buffer.from(body.pdf, 'base64');

describe.each(databaseKinds())('the paper of the club day, on %s', (kind) => {
  let deps: TestDeps;
  let server: TestServer;
  let w: PlayWorld;
  let ids: { organizationId: string; tournamentId: string };
  const as = async (user: { id: string } | null): Promise<Client> =>
    restClient(server.url, { token: user ? await sessionTokenFor(deps, user as never) : null });

  beforeAll(async () => {
    deps = await createTestDeps({ db: kind });
    server = await startTestServer(deps);
    // Five players: round 1 in a four-ball at 08:00 and the fifth alone at 08:10 (Norway's summer time).
    w = await playWorld(deps.db, { status: 'in_progress', name: 'Vårcup Sørmarka' });
    ids = { organizationId: w.fixture.organizationId, tournamentId: w.fixture.tournamentId };
    const [a, b, c, d, e] = w.fixture.players;
    const rename = (entryId: string, values: Partial<typeof tournamentEntry.$inferInsert>) =>
      deps.db.update(tournamentEntry).set(values).where(eq(tournamentEntry.id, entryId));
    await rename(a!.entryId, { name: 'Åse Ødegård', handicapIndex: 12.4, courseHandicap: 14.2, playingHandicap: 14 });
    await rename(b!.entryId, { name: 'Bjørn Ærlig', handicapIndex: 36, courseHandicap: 42.1, playingHandicap: 40 });
    await rename(c!.entryId, { name: 'Pål Lærum', handicapIndex: -1.8, courseHandicap: -2.2, playingHandicap: -2 });
    await rename(d!.entryId, { name: 'Kåre Østby', handicapIndex: 0, courseHandicap: 0, playingHandicap: 0 });
    await rename(e!.entryId, { name: 'Eli Alene', handicapIndex: 20, courseHandicap: 22, playingHandicap: 21 });
  });
  afterAll(() => server.close());

  it('prints the start list for any member of the club, and for no one else', async () => {
    const member = await (await as(w.member)).call('tournaments.startListPdf', ids);
    expect(member.status).toBe(200);
    const pages = pagesOf(bytes(member.body));
    expect(pages).toHaveLength(1);
    const page = pages[0]!;
    expect(page).toContain('Startliste');
    expect(page).toContain('Vårcup Sørmarka');
    expect(page).toContain('Runde 1 · 1. juni 2026');
    // The first group at 08:00 from tee 1 with its four players, then Eli alone at 08:10.
    expect(page).toMatch(/08:00\s+1\s+Åse Ødegård\s+Herrer\s+12,4\s+14/);
    expect(page).toMatch(/Bjørn Ærlig\s+Herrer\s+36,0\s+40/);
    expect(page).toMatch(/Pål Lærum\s+Herrer\s+\+1,8\s+\+2/);
    expect(page).toMatch(/08:10\s+1\s+Eli Alene/);
    expect(page.indexOf('Kåre Østby')).toBeLessThan(page.indexOf('Eli Alene'));
    expect(fontsOf(bytes(member.body))).toMatch(/NotoSans-Regular\s+CID TrueType\s+Identity-H\s+yes\s+yes/);
    expect(rendered(bytes(member.body), 'start-list')).toHaveLength(1);

    const outsider = await (await as(w.otherOrg)).call('tournaments.startListPdf', ids);
    expect([outsider.status, outsider.error?.code]).toEqual([403, 'NOT_ORG_MEMBER']);
    const anonymous = await (await as(null)).call('tournaments.startListPdf', ids);
    expect(anonymous.status).toBe(401);
    // Another club's tournament under this club's address: not found, as a tournament that does not exist.
    const elsewhere = await createTournamentFixture(deps.db, { players: 2 });
    const theirs = await (await as(w.member)).call('tournaments.startListPdf', {
      organizationId: ids.organizationId,
      tournamentId: elsewhere.tournamentId,
    });
    expect([theirs.status, theirs.error?.code]).toEqual([404, 'NOT_FOUND']);
  });

  it('answers the headers a download needs', async () => {
    const token = await sessionTokenFor(deps, w.member);
    const res = await fetch(
      `${server.url}/organizations/${ids.organizationId}/tournaments/${ids.tournamentId}/start-list.pdf`,
      { headers: { cookie: `${SESSION_COOKIE}=${encodeURIComponent(token)}` } },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="startliste-${w.fixture.slug}.pdf"`);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('says there is no start list yet for a tournament without groups', async () => {
    const bare = await createTournamentFixture(deps.db, { players: 0, organizationId: ids.organizationId });
    const bareIds = { organizationId: ids.organizationId, tournamentId: bare.tournamentId };
    const list = await (await as(w.admin)).call('tournaments.startListPdf', bareIds);
    expect(list.status).toBe(409);
    expect(list.error?.message).toBe('Turneringen har ingen startliste ennå. Sett opp gruppene først.');
    const cards = await (await as(w.admin)).call('tournaments.scorecardsPdf', { ...bareIds, round: 1 });
    expect(cards.status).toBe(409);
    expect(cards.error?.message).toBe('Runde 1 har ingen startliste ennå. Sett opp gruppene først.');
  });

  it('prints a card per player for an organizer: holes, par, index, length, strokes received, marker, QR code', async () => {
    const res = await (await as(w.admin)).call('tournaments.scorecardsPdf', { ...ids, round: 1 });
    expect(res.status).toBe(200);
    expect(res.body.filename).toBe(`scorekort-${w.fixture.slug}-runde-1.pdf`);
    const pdf = bytes(res.body);
    const pages = pagesOf(pdf);
    // Two cards a sheet: five players on three sheets.
    expect(pages).toHaveLength(3);
    expect(rendered(pdf, 'scorecards')).toHaveLength(3);
    expect(fontsOf(pdf)).toMatch(/NotoSans-Bold\s+CID TrueType\s+Identity-H\s+yes\s+yes/);
    const all = pages.join('\n');
    for (const name of ['Åse Ødegård', 'Bjørn Ærlig', 'Pål Lærum', 'Kåre Østby', 'Eli Alene'])
      expect(all).toContain(name);
    // The marker is the next in the group, the last marked by the first; alone in a group, a line to fill in.
    expect(pages[0]).toContain('Markør: Bjørn Ærlig');
    expect(pages[0]).toContain('Markør: Pål Lærum');
    expect(pages[1]).toContain('Markør: Åse Ødegård');
    expect(pages[2]).toMatch(/Markør:\s{2,}Skann/);
    expect(pages[0]).toContain('08:00 fra tee 1');
    // The holes as the course has them: par and stroke index of Bogstad's hole 1, length off yellow.
    const holes = w.fixture.holes;
    expect(pages[0]).toMatch(
      new RegExp(
        `Hull\\s+${holes
          .slice(0, 9)
          .map((h) => h.number)
          .join('\\s+')}\\s+Ut`,
      ),
    );
    expect(pages[0]).toMatch(
      new RegExp(
        `Par\\s+${holes
          .slice(0, 9)
          .map((h) => h.par)
          .join('\\s+')}\\s+\\d+`,
      ),
    );
    expect(pages[0]).toMatch(
      new RegExp(
        `Indeks\\s+${holes
          .slice(0, 9)
          .map((h) => h.strokeIndex)
          .join('\\s+')}`,
      ),
    );
    expect(pages[0]).toMatch(/Meter\s+\d{2,3}\s+\d{2,3}/);
    // Strokes received, summed per nine: 40 is two on every hole and a third on the four hardest; +2 gives two back.
    const sums = (handicap: number) => {
      const s = allocateStrokes(
        handicap,
        holes.map((h) => h.strokeIndex),
      );
      const front = s.slice(0, 9).reduce((a, b) => a + b, 0);
      return { front, back: handicap - front };
    };
    // The "Slag" rows' sums: Ut on the front nine, Inn and the total on the back nine.
    const slag = (page: string) =>
      [...page.matchAll(/^\s*Slag\s+([−\d][−\d\s]*?)\s*$/gm)].flatMap((m) => m[1]!.trim().split(/\s+/));
    const minus = (n: number) => (n < 0 ? `\u2212${-n}` : String(n));
    const expected = (handicap: number) => [sums(handicap).front, sums(handicap).back, handicap].map(minus);
    expect(slag(pages[0]!)).toEqual([...expected(14), ...expected(40)]);
    expect(slag(pages[1]!)).toEqual([...expected(-2), ...expected(0)]);
    expect(slag(pages[2]!)).toEqual(expected(21));
    expect(pages[0]).toMatch(/Spillehandicap\s*\n?\s*/);
    expect(all).toContain('+2');
    // The QR code leads to the round's card in the app, at PUBLIC_URL; on a screen it is a link too.
    const link = `http://localhost:3000/klubber/${ids.organizationId}/turneringer/${ids.tournamentId}/kort?runde=1`;
    expect(pdf.includes(Buffer.from(link))).toBe(true);
  });

  it('prints scorecards for owners and admins only, and asks for a round in Norwegian', async () => {
    const entrant = await (await as(w.entrant)).call('tournaments.scorecardsPdf', { ...ids, round: 1 });
    expect([entrant.status, entrant.error?.code]).toEqual([403, 'NOT_ORG_ADMIN']);
    const outsider = await (await as(w.otherOrg)).call('tournaments.scorecardsPdf', { ...ids, round: 1 });
    expect(outsider.status).toBe(403);
    const admin = await as(w.admin);
    const missing = await admin.call('tournaments.scorecardsPdf', ids);
    expect([missing.status, missing.error?.code]).toEqual([400, 'INVALID_INPUT']);
    expect(missing.error?.issues).toEqual([{ path: 'round', message: 'Runden er et tall fra 1 til 4.' }]);
    const word = await admin.call('tournaments.scorecardsPdf', { ...ids, round: 'første' });
    expect(word.status).toBe(400);
    const none = await admin.call('tournaments.scorecardsPdf', { ...ids, round: 2 });
    expect(none.status).toBe(400);
    expect(none.error?.issues).toEqual([{ path: 'round', message: 'Turneringen har ingen runde 2.' }]);
  });

  it('prints the final results once finished, ranked as the public page ranks them', async () => {
    const anyone = await as(null);
    const early = await anyone.call('public.resultsPdf', { slug: w.fixture.slug });
    expect([early.status, early.error?.code]).toEqual([409, 'CONFLICT']);
    const [a, b, c, d, e] = w.fixture.players;
    await writeScores(deps.db, w.fixture, a!.entryId, 1, Array(18).fill(4));
    await writeScores(deps.db, w.fixture, b!.entryId, 1, Array(18).fill(6));
    await writeScores(deps.db, w.fixture, c!.entryId, 1, Array(18).fill(4));
    await writeScores(deps.db, w.fixture, d!.entryId, 1, Array(18).fill(5));
    await writeScores(deps.db, w.fixture, e!.entryId, 1, Array(18).fill(5));
    await (await callerAs(deps, w.admin)).caller.tournaments.setStatus({ ...ids, status: 'finished' });
    const res = await anyone.call('public.resultsPdf', { slug: w.fixture.slug });
    expect(res.status).toBe(200);
    expect(res.body.filename).toBe(`resultater-${w.fixture.slug}.pdf`);
    const pdf = bytes(res.body);
    expect(rendered(pdf, 'results')).toHaveLength(1);
    const page = pagesOf(pdf)[0]!;
    const page_ = await anyone.call('public.tournament', { slug: w.fixture.slug });
    const rows: { position: string; name: string }[] = page_.body.leaderboard.divisions[0].rows;
    const order = rows.map((r) => page.indexOf(r.name));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((x, y) => x - y)).toEqual(order);
    expect(page).toMatch(new RegExp(`${rows[0]!.position}\\s+${rows[0]!.name}`));
    expect(page).toContain('Resultatliste');
  });

  it('keeps a members-only tournament’s results as hidden as its page', async () => {
    const hidden = await createTournamentFixture(deps.db, {
      players: 2,
      status: 'finished',
      visibility: 'members',
      organizationId: ids.organizationId,
    });
    const anonymous = await (await as(null)).call('public.resultsPdf', { slug: hidden.slug });
    expect([anonymous.status, anonymous.error?.code]).toEqual([404, 'NOT_FOUND']);
    const outsider = await (await as(w.otherOrg)).call('public.resultsPdf', { slug: hidden.slug });
    expect(outsider.status).toBe(404);
    const member = await (await as(w.member)).call('public.resultsPdf', { slug: hidden.slug });
    expect(member.status).toBe(200);
  });
});

describe('a four-ball team’s card', () => {
  it('is one card per team with a row per player off their own handicap, marked by the other team', async () => {
    const deps = await createTestDeps();
    const w = await buildWorld(deps);
    const created = await w.asAdmin.tournaments.create(
      tournamentInput(w, { name: 'Bestball Ås', format: 'fourball_stableford' }) as never,
    );
    const t = { organizationId: w.orgId, tournamentId: created.id };
    await w.asAdmin.tournaments.setStatus({ ...t, status: 'open' });
    const mona = (await callerAs(deps, w.member)).caller;
    await mona.tournaments.enter({ ...t, partnerUserId: w.member2.id, name: 'Mona og Per' });
    await w.asAdmin.tournaments.enter({
      ...t,
      players: [{ userId: w.owner.id }, { guest: { name: 'Gøril Gjest', handicapIndex: 24.3 } }],
    });
    await w.asAdmin.tournaments.setGroups({
      ...t,
      round: 1,
      generate: { firstStartsAt: '2026-06-13T07:30:00Z', intervalMinutes: 10, groupSize: 2 },
    });
    const res = await w.asAdmin.tournaments.scorecardsPdf({ ...t, round: 1 });
    const pdf = Buffer.from(res.pdf, 'base64');
    const pages = pagesOf(pdf);
    // A team's card with two players' rows takes a sheet of its own.
    expect(pages).toHaveLength(2);
    expect(rendered(pdf, 'fourball')).toHaveLength(2);
    const mine = pages.find((p) => /^Mona og Per\s*$/m.test(p))!;
    expect(mine).toContain('Lagets spillehandicap');
    expect(mine).toContain('Markør: Eier / Gjest');
    expect(mine).toContain('09:30 fra tee 1');
    // A row per player, each named with their own playing handicap; Stableford has a points row.
    expect(mine).toMatch(/Mona \(\d+\)/);
    expect(mine).toMatch(/Per \(\d+\)/);
    expect(mine).toMatch(/^\s*Poeng\s*$/m);
    const list = pagesOf(Buffer.from((await w.asAdmin.tournaments.startListPdf(t)).pdf, 'base64'))[0]!;
    // Highest index first: Olga and Gøril's team starts the group, each team with its players under it.
    expect(list).toMatch(/09:30\s+1\s+Eier \/ Gjest\s+Herrer\s+\d+/);
    expect(list).toMatch(/Mona og Per[\s\S]*Mona Medlem\s+18,4\s+\d+/);
    expect(list).toMatch(/Gøril Gjest\s+24,3\s+\d+/);
  });
});
