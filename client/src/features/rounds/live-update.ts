import type { RoundUpdate, RoundView } from '../../../../shared/schemas/rounds';

/**
 * The round after a live update: the whole round when the update carries it, the round held with the
 * patched players' holes and totals and the sides' standings and balls when it carries a patch, and the round unchanged for the
 * bare changes inside a back-fill (the last of which carries the round). Undefined: nothing to show yet.
 */
export function applyUpdate(current: RoundView | undefined, update: RoundUpdate): RoundView | undefined {
  if (update.round) return update.round;
  if (!update.patch || !current) return current;
  const cards = new Map(update.patch.participants.map((p) => [p.id, p]));
  const standings = new Map(update.patch.standings.map((s) => [s.sideId, s]));
  return {
    ...current,
    sides: current.sides.map((side) => ({
      ...side,
      ...(standings.has(side.id)
        ? { standing: standings.get(side.id)!.standing, ball: standings.get(side.id)!.ball }
        : {}),
      participants: side.participants.map((p) => {
        const change = cards.get(p.id);
        if (!change) return p;
        const holes = new Map(change.holes.map((h) => [h.hole, h]));
        return { ...p, holes: p.holes.map((h) => holes.get(h.hole) ?? h), totals: change.totals };
      }),
    })),
  };
}
