import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, organizationMembership, tournamentEntry, tournamentEntryAccount } from '../../server/db/schema';
import { createTestDeps } from '../helpers/deps';
import { writeScores } from '../helpers/tournaments';
import { clients, TRANSPORTS, type Transport } from '../helpers/transport';
import {
  cardRow,
  entrantEntry,
  fullCard,
  PLAY_ACTORS,
  playWorld,
  setStatus,
  strokesOn,
  userOf,
  type PlayActor,
  type PlayWorld,
} from './play-support';

/** tournaments.signCard (docs/contract.md section 9, decision 0411). */

const deps = await createTestDeps();
const make = clients(deps);

/** Signing is the players' act: an admin who is neither entrant nor marker does not sign. */
const EXPECTED: Record<PlayActor, string> = {
  entrant: 'ok',
  marker: 'ok',
  otherGroup: 'FORBIDDEN',
  admin: 'FORBIDDEN',
  member: 'FORBIDDEN',
  anonymous: 'NOT_AUTHENTICATED',
  otherOrg: 'NOT_ORG_MEMBER',
};

/** A world whose entrant's round-1 card is complete (all 4s). */
async function completeCard(options: Parameters<typeof playWorld>[1] = {}): Promise<PlayWorld> {
  const w = await playWorld(deps.db, options);
  await writeScores(deps.db, w.fixture, entrantEntry(w), 1, fullCard());
  return w;
}

const sign = (w: PlayWorld, extra: Record<string, unknown> = {}) => ({
  organizationId: w.fixture.organizationId,
  tournamentId: w.fixture.tournamentId,
  entryId: entrantEntry(w),
  round: 1,
  ...extra,
});

describe.each(TRANSPORTS)('signCard over %s', (transport: Transport) => {
  const as = (w: PlayWorld, actor: PlayActor) => {
    const user = userOf(w, actor);
    return user ? make.as(transport, user) : make.anonymous(transport);
  };

  it.each(PLAY_ACTORS)('as %s', async (actor) => {
    const w = await completeCard();
    const res = await (await as(w, actor)).call('tournaments.signCard', sign(w));
    expect(res.error?.code ?? 'ok').toBe(EXPECTED[actor]);
    const card = await cardRow(deps.db, entrantEntry(w));
    if (res.error) {
      expect(res.status).toBe(actor === 'anonymous' ? 401 : 403);
      expect(card).toBeNull();
      return;
    }
    const asPlayer = actor === 'entrant';
    expect(res.body).toEqual({
      entryId: entrantEntry(w),
      round: 1,
      signedByPlayer: asPlayer,
      signedByMarker: !asPlayer,
      locked: false,
    });
    expect(card!.markerEntryId).toBe(asPlayer ? null : w.fixture.players[1]!.entryId);
  });

  it('locks the card when both have signed; signing again changes nothing', async () => {
    const w = await completeCard();
    const entrant = await as(w, 'entrant');
    const marker = await as(w, 'marker');
    expect((await entrant.call('tournaments.signCard', sign(w))).body).toMatchObject({
      signedByPlayer: true,
      locked: false,
    });
    expect((await entrant.call('tournaments.signCard', sign(w))).body).toMatchObject({
      signedByPlayer: true,
      signedByMarker: false,
      locked: false,
    });
    const locked = await marker.call('tournaments.signCard', sign(w));
    expect(locked.body).toEqual({
      entryId: entrantEntry(w),
      round: 1,
      signedByPlayer: true,
      signedByMarker: true,
      locked: true,
    });
    const lockedAt = (await cardRow(deps.db, entrantEntry(w)))!.lockedAt;
    expect(lockedAt).not.toBeNull();
    expect((await marker.call('tournaments.signCard', sign(w))).body).toMatchObject({ locked: true });
    expect((await entrant.call('tournaments.signCard', sign(w))).body).toMatchObject({ locked: true });
    expect((await cardRow(deps.db, entrantEntry(w)))!.lockedAt).toEqual(lockedAt);
  });

  it("lets an owner or admin sign a guest's card as the player (no account can), audited; a member still cannot", async () => {
    const w = await completeCard();
    // The entrant becomes a guest: no account behind the entry.
    await deps.db.delete(tournamentEntryAccount).where(eq(tournamentEntryAccount.entryId, entrantEntry(w)));
    await deps.db
      .update(tournamentEntry)
      .set({ isGuest: true })
      .where(eq(tournamentEntry.id, entrantEntry(w)));
    const member = await (await as(w, 'member')).call('tournaments.signCard', sign(w));
    expect(member.error?.code).toBe('FORBIDDEN');
    const admin = await (await as(w, 'admin')).call('tournaments.signCard', sign(w));
    expect(admin.body).toMatchObject({ signedByPlayer: true, signedByMarker: false, locked: false });
    const marker = await (await as(w, 'marker')).call('tournaments.signCard', sign(w));
    expect(marker.body).toMatchObject({ signedByPlayer: true, signedByMarker: true, locked: true });
    const audited = await deps.db
      .select({ actor: auditLog.actorUserId })
      .from(auditLog)
      .where(
        and(eq(auditLog.organizationId, w.fixture.organizationId), eq(auditLog.action, 'tournament.guest_card_signed')),
      );
    expect(audited).toEqual([{ actor: w.admin.id }]);
  });

  it('keeps the first marker’s signature when a second marker signs', async () => {
    const w = await completeCard();
    const third = w.fixture.players[2]!;
    await (await as(w, 'marker')).call('tournaments.signCard', sign(w));
    const res = await (await make.as(transport, third.user)).call('tournaments.signCard', sign(w));
    expect(res.body).toMatchObject({ signedByMarker: true, signedByPlayer: false, locked: false });
    expect((await cardRow(deps.db, entrantEntry(w)))!.markerEntryId).toBe(w.fixture.players[1]!.entryId);
  });

  it('signs only a complete card, and says which holes are missing', async () => {
    const w = await playWorld(deps.db);
    await writeScores(
      deps.db,
      w.fixture,
      entrantEntry(w),
      1,
      fullCard().map((s, i) => ([2, 6, 11].includes(i) ? null : s)),
    );
    const res = await (await as(w, 'entrant')).call('tournaments.signCard', sign(w));
    expect(res.status).toBe(409);
    expect(res.error).toMatchObject({
      code: 'CONFLICT',
      message: 'Kortet kan ikke signeres før alle hull er ført. Mangler hull 3, 7 og 12.',
    });
    const none = await (await as(w, 'marker')).call(
      'tournaments.signCard',
      sign(w, { entryId: w.fixture.players[3]!.entryId }),
    );
    expect(none.error?.message).toMatch(
      /^Kortet kan ikke signeres før alle hull er ført\. Mangler hull 1, 2, 3, .*, 17 og 18\.$/,
    );
    expect(await cardRow(deps.db, entrantEntry(w))).toBeNull();
  });

  it('knows markers per round: a group of round 1 marks nothing in round 2', async () => {
    const w = await playWorld(deps.db, { rounds: 2 });
    await writeScores(deps.db, w.fixture, entrantEntry(w), 2, fullCard());
    expect((await (await as(w, 'marker')).call('tournaments.signCard', sign(w, { round: 2 }))).error?.code).toBe(
      'FORBIDDEN',
    );
    expect((await (await as(w, 'entrant')).call('tournaments.signCard', sign(w, { round: 2 }))).body).toMatchObject({
      round: 2,
      signedByPlayer: true,
    });
    const round3 = await (await as(w, 'entrant')).call('tournaments.signCard', sign(w, { round: 3 }));
    expect(round3.error?.issues).toEqual([{ path: 'round', message: 'Turneringen har ingen runde 3.' }]);
  });

  it('signs only while the tournament is in progress (409)', async () => {
    const w = await completeCard();
    for (const status of ['closed', 'finished', 'cancelled'] as const) {
      await setStatus(deps.db, w.fixture, status);
      const res = await (await as(w, 'entrant')).call('tournaments.signCard', sign(w));
      expect(res.status).toBe(409);
      expect(res.error?.message).toBe('Kort kan bare signeres mens turneringen pågår.');
    }
  });

  it('answers 404 for an entry that is not the tournament’s', async () => {
    const w = await completeCard();
    const other = await playWorld(deps.db);
    const res = await (await as(w, 'entrant')).call('tournaments.signCard', sign(w, { entryId: entrantEntry(other) }));
    expect(res.status).toBe(404);
  });

  describe('unlock', () => {
    async function lockedCard() {
      const w = await completeCard();
      await (await as(w, 'entrant')).call('tournaments.signCard', sign(w));
      await (await as(w, 'marker')).call('tournaments.signCard', sign(w));
      return w;
    }
    const unlockRows = (w: PlayWorld) =>
      deps.db
        .select()
        .from(auditLog)
        .where(
          and(eq(auditLog.organizationId, w.fixture.organizationId), eq(auditLog.action, 'tournament.card_unlocked')),
        );

    it('lets an admin clear the lock and both signatures, written to the organization’s audit log', async () => {
      const w = await lockedCard();
      const res = await (await as(w, 'admin')).call('tournaments.signCard', sign(w, { unlock: true }));
      expect(res.body).toEqual({
        entryId: entrantEntry(w),
        round: 1,
        signedByPlayer: false,
        signedByMarker: false,
        locked: false,
      });
      expect(await cardRow(deps.db, entrantEntry(w))).toMatchObject({
        signedByPlayerAt: null,
        signedByMarkerAt: null,
        markerEntryId: null,
        lockedAt: null,
      });
      const rows = await unlockRows(w);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        actorUserId: w.admin.id,
        subjectUserId: w.entrant.id,
        details: {
          tournamentId: w.fixture.tournamentId,
          entryId: entrantEntry(w),
          round: 1,
          wasLocked: true,
          signedByPlayer: true,
          signedByMarker: true,
        },
      });
      // The admins read it where they read the rest of the organization's log.
      const log = await (await as(w, 'admin')).call('orgs.auditLog', { organizationId: w.fixture.organizationId });
      expect(JSON.stringify(log.body)).toContain('tournament.card_unlocked');
      // And the card can be corrected again.
      const fix = await (await as(w, 'marker')).call('tournaments.setScore', { ...sign(w), hole: 4, strokes: 5 });
      expect(fix.body).toEqual({ ok: true });
      expect(await strokesOn(deps.db, entrantEntry(w), 1, 4)).toBe(5);
    });

    it('is refused to anyone not owner or admin (403), the entrant and the marker included, and leaves no audit row', async () => {
      const w = await lockedCard();
      for (const actor of ['member', 'entrant', 'marker'] as const) {
        const res = await (await as(w, actor)).call('tournaments.signCard', sign(w, { unlock: true }));
        expect(res.status).toBe(403);
        expect(res.error?.code).toBe('NOT_ORG_ADMIN');
      }
      expect((await cardRow(deps.db, entrantEntry(w)))!.lockedAt).not.toBeNull();
      expect(await unlockRows(w)).toHaveLength(0);
    });

    it('works for an owner too, and writes nothing for a card with nothing to clear', async () => {
      const w = await lockedCard();
      await deps.db
        .update(organizationMembership)
        .set({ role: 'owner' })
        .where(eq(organizationMembership.userId, w.admin.id));
      const admin = await as(w, 'admin');
      expect((await admin.call('tournaments.signCard', sign(w, { unlock: true }))).body).toMatchObject({
        locked: false,
      });
      expect((await admin.call('tournaments.signCard', sign(w, { unlock: true }))).body).toMatchObject({
        locked: false,
        signedByPlayer: false,
      });
      expect(await unlockRows(w)).toHaveLength(1);
    });
  });
});
