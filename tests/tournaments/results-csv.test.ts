import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../server/auth/session-token';
import { tournamentEntry } from '../../server/db/schema';
import { field, formatResultsCsv, resultsFileName, signed, text } from '../../server/tournaments/results-csv';
import { sessionTokenFor } from '../helpers/caller';
import { createTestDeps } from '../helpers/deps';
import { startTestServer, type TestServer } from '../helpers/server';
import { writeScores } from '../helpers/tournaments';
import { clients, TRANSPORTS, type Transport } from '../helpers/transport';
import { PLAY_ACTORS, playWorld, setStatus, userOf, type PlayActor, type PlayWorld } from './play-support';

/** tournaments.resultsCsv (docs/contract.md section 9, decision 0411). */

const deps = await createTestDeps();
const make = clients(deps);

/**
 * The worked example: stroke play (gross), two rounds of which only the first has begun, four players in
 * one group. Åse goes round in 54 (all threes), Bjørn has played the front nine in threes (27), Pål has
 * not started (plus handicap 1.2), and the fourth, whose name is a formula, goes round in 90.
 */
async function workedExample(): Promise<PlayWorld> {
  const w = await playWorld(deps.db, { format: 'stroke_gross', rounds: 2, players: 4 });
  const [ase, formula, bjorn, pal] = w.fixture.players;
  const set = (entryId: string, values: Partial<typeof tournamentEntry.$inferInsert>) =>
    deps.db.update(tournamentEntry).set(values).where(eq(tournamentEntry.id, entryId));
  await set(ase!.entryId, { name: 'Åse Ødegård', handicapIndex: 12.4, playingHandicap: 14 });
  await set(formula!.entryId, { name: '=HYPERLINK("x")', handicapIndex: 36, playingHandicap: 40 });
  await set(bjorn!.entryId, { name: 'Bjørn; Æsir', handicapIndex: 0, playingHandicap: 0 });
  await set(pal!.entryId, { name: 'Pål Lærum', handicapIndex: -1.2, playingHandicap: -1 });
  await writeScores(deps.db, w.fixture, ase!.entryId, 1, Array(18).fill(3));
  await writeScores(deps.db, w.fixture, formula!.entryId, 1, Array(18).fill(5));
  await writeScores(deps.db, w.fixture, bjorn!.entryId, 1, [...Array(9).fill(3), ...Array(9).fill(null)]);
  return w;
}

const EXPECTED =
  '\uFEFF' +
  'Plassering;Navn;Klasse;Handicapindeks;Spillehandicap;Runde 1;Runde 2;Totalt\r\n' +
  '1;Åse Ødegård;Herrer;12,4;14;54;;54\r\n' +
  '2;"Bjørn; Æsir";Herrer;0,0;0;27;;27\r\n' +
  '3;Pål Lærum;Herrer;+1,2;+1;;;\r\n' +
  `4;"'=HYPERLINK(""x"")";Herrer;36,0;40;90;;90\r\n`;

const ids = (w: PlayWorld) => ({ organizationId: w.fixture.organizationId, tournamentId: w.fixture.tournamentId });

describe('the results file, byte by byte', () => {
  let server: TestServer;
  let w: PlayWorld;
  beforeAll(async () => {
    server = await startTestServer(deps);
    w = await workedExample();
  });
  afterAll(() => server.close());

  it('is what a Norwegian Excel opens right, over REST: BOM, `;`, decimal comma, CRLF, æøå in UTF-8, a download', async () => {
    const token = await sessionTokenFor(deps, w.admin);
    const res = await fetch(
      `${server.url}/organizations/${w.fixture.organizationId}/tournaments/${w.fixture.tournamentId}/results.csv`,
      {
        headers: { cookie: `${SESSION_COOKIE}=${encodeURIComponent(token)}` },
      },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="resultater-${w.fixture.slug}.csv"`);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    // "Å" and "Ø" as UTF-8, never Latin-1.
    expect(bytes.includes(Buffer.from([0xc3, 0x85]))).toBe(true);
    expect(bytes.includes(Buffer.from([0xc3, 0x98]))).toBe(true);
    expect(bytes.equals(Buffer.from(EXPECTED, 'utf8'))).toBe(true);
  });

  it('is the same text over tRPC, as {csv}', async () => {
    const res = await (await make.as('trpc', w.admin)).call('tournaments.resultsCsv', ids(w));
    expect(res.body.csv).toBe(EXPECTED);
  });

  it('writes Stableford rounds and totals in points', async () => {
    const s = await playWorld(deps.db, { format: 'stableford', players: 1 });
    const entryId = s.fixture.players[0]!.entryId;
    await deps.db
      .update(tournamentEntry)
      .set({ name: 'Stine Stableford', handicapIndex: 4.5, playingHandicap: 0 })
      .where(eq(tournamentEntry.id, entryId));
    // Par on every hole with no strokes received: two points a hole.
    await writeScores(
      deps.db,
      s.fixture,
      entryId,
      1,
      s.fixture.holes.map((h) => h.par),
    );
    const res = await (await make.as('trpc', s.admin)).call('tournaments.resultsCsv', ids(s));
    expect(res.body.csv).toBe(
      '\uFEFFPlassering;Navn;Klasse;Handicapindeks;Spillehandicap;Runde 1;Totalt\r\n1;Stine Stableford;Herrer;4,5;0;36;36\r\n',
    );
  });
});

describe('the CSV rules one by one', () => {
  it('quotes a field with ;, " or a line break (RFC 4180) and nothing else', () => {
    expect(field('Ås')).toBe('Ås');
    expect(field('a;b')).toBe('"a;b"');
    expect(field('si "hei"')).toBe('"si ""hei"""');
    expect(field('to\nlinjer')).toBe('"to\nlinjer"');
    expect(field('cr\r')).toBe('"cr\r"');
    expect(field('komma, ikke skille')).toBe('komma, ikke skille');
  });

  it('puts an apostrophe before typed text a spreadsheet would run as a formula', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(text(`${start}1+1`)).toBe(`'${start}1+1`);
    expect(text('Ola-Nordmann')).toBe('Ola-Nordmann');
    expect(text("O'Neill")).toBe("O'Neill");
  });

  it('writes handicaps with a decimal comma and a plus handicap with its "+"', () => {
    expect(signed(12.4, 1)).toBe('12,4');
    expect(signed(-1.2, 1)).toBe('+1,2');
    expect(signed(0, 1)).toBe('0,0');
    expect(signed(54, 1)).toBe('54,0');
    expect(signed(-3, 0)).toBe('+3');
    expect(signed(28, 0)).toBe('28');
  });

  it('names the file after the slug, kept to safe characters', () => {
    expect(resultsFileName('klubbmesterskap-2026')).toBe('resultater-klubbmesterskap-2026.csv');
    expect(resultsFileName('x"; evil\r\n')).toBe('resultater-x-evil.csv');
  });

  it('puts divisions one after the other, each in its own order, with an empty round for one not begun', () => {
    const csv = formatResultsCsv(
      {
        format: 'stroke_net',
        roundCount: 2,
        entries: [
          {
            entryId: 'a',
            name: 'A',
            divisionId: 'd1',
            playingHandicap: 10,
            scores: [Array(18).fill(5), Array(18).fill(null)],
          },
          {
            entryId: 'b',
            name: 'B',
            divisionId: 'd2',
            playingHandicap: 3,
            scores: [Array(18).fill(4), [4, ...Array(17).fill(null)]],
          },
        ],
      },
      [
        {
          id: 'd1',
          name: 'Damer',
          rows: [
            {
              position: '1',
              entryId: 'a',
              name: 'A',
              thru: 'F',
              toPar: 8,
              strokes: 80,
              rounds: [80, 0],
              playingHandicap: 10,
              out: 40,
              in: 40,
            },
          ],
        },
        {
          id: 'd2',
          name: 'Herrer',
          rows: [
            {
              position: 'T1',
              entryId: 'b',
              name: 'B',
              thru: 1,
              toPar: 0,
              strokes: 73,
              rounds: [69, 4],
              playingHandicap: 0,
              out: 4,
              in: null,
            },
          ],
        },
      ],
      new Map([
        ['a', { handicapIndex: 9.1, playingHandicap: 10 }],
        ['b', { handicapIndex: null, playingHandicap: null }],
      ]),
    );
    expect(csv.split('\r\n')).toEqual([
      '\uFEFFPlassering;Navn;Klasse;Handicapindeks;Spillehandicap;Runde 1;Runde 2;Totalt',
      '1;A;Damer;9,1;10;80;;80',
      'T1;B;Herrer;;;69;4;73',
      '',
    ]);
  });
});

describe.each(TRANSPORTS)('resultsCsv access over %s', (transport: Transport) => {
  // The worked example has one group of four, so no entrant of another group: for an admin-only file it is one more entrant.
  const ACTORS = PLAY_ACTORS.filter((a) => a !== 'otherGroup');
  const EXPECTED_CODE: Record<Exclude<PlayActor, 'otherGroup'>, string> = {
    entrant: 'NOT_ORG_ADMIN',
    marker: 'NOT_ORG_ADMIN',
    admin: 'ok',
    member: 'NOT_ORG_ADMIN',
    anonymous: 'NOT_AUTHENTICATED',
    otherOrg: 'NOT_ORG_MEMBER',
  };
  let w: PlayWorld;
  beforeAll(async () => {
    w = await workedExample();
  });
  const as = (actor: PlayActor) => {
    const user = userOf(w, actor);
    return user ? make.as(transport, user) : make.anonymous(transport);
  };

  it.each(ACTORS)('as %s', async (actor) => {
    const res = await (await as(actor)).call('tournaments.resultsCsv', ids(w));
    expect(res.error?.code ?? 'ok').toBe(EXPECTED_CODE[actor as keyof typeof EXPECTED_CODE]);
    if (res.error) {
      expect(res.status).toBe(actor === 'anonymous' ? 401 : 403);
      expect(res.raw).not.toContain('Ødegård');
    } else {
      expect(res.body.csv).toBe(EXPECTED);
    }
  });

  it('exists from in_progress on: 409 before, and for a cancelled tournament; finished is fine', async () => {
    const t = await workedExample();
    const admin = await make.as(transport, t.admin);
    for (const status of ['draft', 'open', 'closed', 'cancelled'] as const) {
      await setStatus(deps.db, t.fixture, status);
      const res = await admin.call('tournaments.resultsCsv', ids(t));
      expect(res.status).toBe(409);
      expect(res.error?.message).toBe('Resultatlisten finnes bare for en turnering som pågår eller er ferdig.');
    }
    await setStatus(deps.db, t.fixture, 'finished');
    expect((await admin.call('tournaments.resultsCsv', ids(t))).body.csv).toBe(EXPECTED);
  });

  it('answers 404 for another organization’s tournament', async () => {
    const elsewhere = await playWorld(deps.db);
    const res = await (await as('admin')).call('tournaments.resultsCsv', {
      organizationId: w.fixture.organizationId,
      tournamentId: elsewhere.fixture.tournamentId,
    });
    expect(res.status).toBe(404);
  });
});
