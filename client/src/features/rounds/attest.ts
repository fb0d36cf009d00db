import type { ParticipantView, RoundView } from '../../../../shared/schemas/rounds';
import { isTeamFormat } from '../../../../shared/values';

/** How long the attester may take an attestation back (decision 0419; the server's ATTESTATION_WITHDRAWAL_SECONDS). */
export const ATTESTATION_WITHDRAWAL_MS = 24 * 60 * 60 * 1000;

export type AttestRow =
  | {
      kind: 'attested';
      player: ParticipantView;
      attestation: NonNullable<ParticipantView['attestation']>;
      /** The viewer's own card. */
      own: boolean;
      /** The viewer attested it, less than 24 hours ago. */
      mayWithdraw: boolean;
    }
  /** The viewer may attest this card now. */
  | { kind: 'attest'; player: ParticipantView }
  /** The viewer could attest it, but holes are missing (the server would refuse, 409). */
  | { kind: 'missing'; player: ParticipantView; holes: number[] }
  /** The viewer's own card, waiting for a co-player. */
  | { kind: 'own'; player: ParticipantView }
  /** Someone else's card the viewer cannot attest (the viewer is not playing). */
  | { kind: 'waiting'; player: ParticipantView };

/**
 * The account cards of a finished round and what the viewer can do with each (decision 0419): a co-player
 * with an account attests another account's card (never their own, never a guest's), and the attester
 * may withdraw within 24 hours (the attester recognised by their account id). None before the round is
 * finished, none in a round where nobody could attest (one account alone with guests) unless a card is
 * attested, and none in a team format: only individual rounds enter a handicap record (decision 0424).
 */
export function attestRows(view: RoundView, userId: string, now: number): AttestRow[] {
  if (view.status !== 'finished' || isTeamFormat(view.format)) return [];
  const players = view.sides.flatMap((s) => s.participants).filter((p) => p.userId !== null && !p.isGuest);
  // A view saved before attestations existed has no field: not attested.
  const attestationOf = (p: ParticipantView) => p.attestation ?? null;
  if (players.length < 2 && !players.some((p) => attestationOf(p) !== null)) return [];
  const viewer = players.find((p) => p.userId === userId);
  return players.map((player): AttestRow => {
    const attestation = attestationOf(player);
    if (attestation) {
      const byViewer = viewer !== undefined && viewer !== player && attestation.attestedBy.userId === userId;
      const recent = now - Date.parse(attestation.attestedAt) < ATTESTATION_WITHDRAWAL_MS;
      return { kind: 'attested', player, attestation, own: player === viewer, mayWithdraw: byViewer && recent };
    }
    if (player === viewer) return { kind: 'own', player };
    if (!viewer) return { kind: 'waiting', player };
    const holes = player.holes.filter((h) => h.strokes === null).map((h) => h.hole);
    return holes.length > 0 ? { kind: 'missing', player, holes } : { kind: 'attest', player };
  });
}
