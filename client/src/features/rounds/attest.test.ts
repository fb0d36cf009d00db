import { describe, expect, it } from 'vitest';
import type { ParticipantView, RoundView } from '../../../../shared/schemas/rounds';
import { ATTESTATION_WITHDRAWAL_MS, attestRows } from './attest';

const NOW = Date.parse('2026-06-10T18:00:00Z');

function player(id: string, overrides: Partial<ParticipantView> = {}): ParticipantView {
  return {
    id,
    sideId: 'side',
    userId: `user-${id}`,
    name: `Spiller ${id}`,
    isGuest: false,
    handicapIndex: 18,
    courseHandicap: 20,
    playingHandicap: 19,
    matchHandicap: null,
    holes: [1, 2, 3].map((hole) => ({
      hole,
      par: 4,
      strokeIndex: hole,
      strokes: 5,
      strokesReceived: 1,
      net: 4,
      stablefordPoints: 2,
      adjustedStrokes: 5,
    })),
    totals: { holesPlayed: 3, gross: 15, net: 12, stablefordPoints: 6, adjustedGross: 15, grossToPar: 3, netToPar: 0 },
    attestation: null,
    ...overrides,
  };
}

function round(participants: ParticipantView[], status: RoundView['status'] = 'finished'): RoundView {
  return { status, sides: [{ id: 'side', name: 'Lag', standing: null, participants }] } as unknown as RoundView;
}

const kinds = (rows: ReturnType<typeof attestRows>) => rows.map((r) => [r.player.id, r.kind]);

describe('attesting a finished round’s cards', () => {
  it('lets an account co-player attest the other accounts’ cards, never their own nor a guest’s', () => {
    const guest = player('g', { userId: null, isGuest: true });
    const rows = attestRows(round([player('a'), player('b'), guest]), 'user-b', NOW);
    expect(kinds(rows)).toEqual([
      ['a', 'attest'],
      ['b', 'own'],
    ]);
  });

  it('offers nothing before the round is finished, nor where nobody could attest', () => {
    expect(attestRows(round([player('a'), player('b')], 'open'), 'user-b', NOW)).toEqual([]);
    expect(attestRows(round([player('a'), player('g', { userId: null, isGuest: true })]), 'user-a', NOW)).toEqual([]);
  });

  it('names the holes a card still lacks instead of offering the button', () => {
    const holes = player('a').holes.map((h) => (h.hole === 2 ? { ...h, strokes: null } : h));
    const [row] = attestRows(round([player('a', { holes }), player('b')]), 'user-b', NOW);
    expect(row).toMatchObject({ kind: 'missing', holes: [2] });
  });

  it('shows an owner who does not play the cards without a button', () => {
    expect(kinds(attestRows(round([player('a'), player('b')]), 'owner', NOW))).toEqual([
      ['a', 'waiting'],
      ['b', 'waiting'],
    ]);
  });

  it('lets the attester withdraw for 24 hours, and no one else', () => {
    const attestation = {
      attestedBy: { name: 'Spiller b', userId: 'user-b' },
      attestedAt: new Date(NOW - 60_000).toISOString(),
    };
    const view = round([player('a', { attestation }), player('b'), player('c')]);
    expect(attestRows(view, 'user-b', NOW)[0]).toMatchObject({ kind: 'attested', mayWithdraw: true, own: false });
    expect(attestRows(view, 'user-c', NOW)[0]).toMatchObject({ kind: 'attested', mayWithdraw: false });
    expect(attestRows(view, 'user-a', NOW)[0]).toMatchObject({ kind: 'attested', mayWithdraw: false, own: true });
    expect(attestRows(view, 'user-b', NOW + ATTESTATION_WITHDRAWAL_MS)[0]).toMatchObject({ mayWithdraw: false });
  });

  it('reads a view saved before attestations existed as not attested', () => {
    const old = { ...player('a') } as Partial<ParticipantView>;
    delete old.attestation;
    expect(kinds(attestRows(round([old as ParticipantView, player('b')]), 'user-b', NOW))[0]).toEqual(['a', 'attest']);
  });
});
