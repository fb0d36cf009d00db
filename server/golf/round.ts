import {
  allowancePercent,
  courseHandicap,
  matchPlayHandicaps,
  nineHoleIndex,
  playingHandicap,
  TEAM_ALLOWANCE_PERCENTS,
  teamPlayingHandicap,
  wholeCourseHandicap,
  type Rating,
} from './handicap';
import { adjustedHoleScore, netScore, stablefordPoints } from './scoring';
import { allocateStrokes } from './strokes';
import type { BallView, HoleScore, ParticipantTotals, Standing } from '../../shared/schemas/rounds';
import { isOneBallFormat, isTeamFormat, ROUND_SCORING, type RoundFormat } from '../../shared/values';

export type { Standing };

/**
 * A whole round scored from plain values: the holes played, the rating for those holes, the sides and
 * their players with their scores. No database here: the rounds domain loads the values, this computes.
 */
export interface HoleToPlay {
  number: number;
  par: number;
  strokeIndex: number;
}

export interface PlayerToScore {
  id: string;
  sideId: string;
  /** The full (18-hole) Handicap Index; halved here when the round is nine holes. */
  handicapIndex: number;
  /** Set once the round has started: the values frozen at the first score, used instead of recomputing. */
  frozen: { courseHandicap: number; playingHandicap: number } | null;
  /**
   * Gross strokes by hole number. In a one-ball format the side's ball is held by its first player (in
   * the order given): that player's scores are the side's, the others' are not read (decision 0424).
   */
  scores: ReadonlyMap<number, number>;
}

export interface RoundToScore {
  format: RoundFormat;
  holes: readonly HoleToPlay[];
  nineHoles: boolean;
  /** Null only when every player is frozen: their handicaps are then not computed again. */
  rating: Rating | null;
  sides: readonly { id: string }[];
  players: readonly PlayerToScore[];
  /** A finished round ranks the sides that played every hole before those that did not (decision 0415). */
  finished?: boolean;
}

export type ScoredHole = HoleScore;

export interface ScoredPlayer {
  id: string;
  /** The index used for this round: halved for nine holes. */
  handicapIndexUsed: number;
  /** Unrounded: stored when the round starts, never sent (with the index it would reveal rating and slope). */
  courseHandicapExact: number;
  courseHandicap: number;
  playingHandicap: number;
  /** Match play only: the strokes this player receives in the match (lowest plays off 0). */
  matchHandicap: number | null;
  holes: ScoredHole[];
  totals: ParticipantTotals;
}

export interface ScoredRound {
  /** Each player's own allowance; null in the one-ball formats (the side's `ball` has a team handicap). */
  allowancePercent: number | null;
  fourBall: boolean;
  players: ScoredPlayer[];
  standings: Map<string, Standing | null>;
  /** One-ball formats: each side's ball, null while the side has no size the format has an allowance for. */
  balls: Map<string, BallView | null>;
}

export function scoreRound(round: RoundToScore): ScoredRound {
  const oneBall = isOneBallFormat(round.format) ? round.format : null;
  const membersOf = (sideId: string) => round.players.filter((p) => p.sideId === sideId);
  const fourBall =
    oneBall === null && (isTeamFormat(round.format) || round.sides.some((side) => membersOf(side.id).length > 1));
  const allowance = allowancePercent(round.format, fourBall);
  const strokeIndexes = round.holes.map((h) => h.strokeIndex);

  const handicaps = round.players.map((player) => {
    const indexUsed = round.nineHoles ? nineHoleIndex(player.handicapIndex) : player.handicapIndex;
    const ch = player.frozen?.courseHandicap ?? courseHandicap(indexUsed, requireRating(round.rating));
    const own = allowance === null ? null : (player.frozen?.playingHandicap ?? playingHandicap(ch, allowance));
    return { indexUsed, ch, own };
  });

  // A one-ball side plays off its team handicap, frozen with the players at the first score (each player's
  // row holds it); before that computed from their unrounded course handicaps. A side without a size the
  // format has an allowance for has none yet: its players show their whole course handicap meanwhile.
  const teamHandicaps = new Map<string, number | null>();
  if (oneBall) {
    for (const side of round.sides) {
      const members = round.players.flatMap((p, i) => (p.sideId === side.id ? [i] : []));
      const complete = TEAM_ALLOWANCE_PERCENTS[oneBall][members.length] !== undefined;
      const frozen = members.map((i) => round.players[i]!.frozen).filter((f) => f !== null);
      teamHandicaps.set(
        side.id,
        !complete
          ? null
          : frozen.length === members.length
            ? frozen[0]!.playingHandicap
            : teamPlayingHandicap(
                oneBall,
                members.map((i) => handicaps[i]!.ch),
              ),
      );
    }
  }
  const ballCard = new Map(round.sides.map((side) => [side.id, membersOf(side.id)[0]] as const));
  const phOf = (i: number) =>
    handicaps[i]!.own ?? teamHandicaps.get(round.players[i]!.sideId) ?? wholeCourseHandicap(handicaps[i]!.ch);
  const matchHandicaps = round.format === 'match' ? matchPlayHandicaps(round.players.map((_, i) => phOf(i))) : null;

  const players = round.players.map((player, i): ScoredPlayer => {
    const { indexUsed, ch } = handicaps[i]!;
    const ph = phOf(i);
    const playHandicap = matchHandicaps ? matchHandicaps[i]! : ph;
    const wholeCh = wholeCourseHandicap(ch);
    const received = allocateStrokes(playHandicap, strokeIndexes);
    const receivedForHandicap = allocateStrokes(wholeCh, strokeIndexes);
    // A one-ball side's players all show the side's ball, held by its first player.
    const scores = oneBall ? (ballCard.get(player.sideId)?.scores ?? player.scores) : player.scores;
    const holes = round.holes.map((hole, h): ScoredHole => {
      const strokes = scores.get(hole.number) ?? null;
      const sr = received[h]!;
      return {
        hole: hole.number,
        par: hole.par,
        strokeIndex: hole.strokeIndex,
        strokes,
        strokesReceived: sr,
        net: strokes === null ? null : netScore(strokes, sr),
        stablefordPoints: strokes === null ? null : stablefordPoints(hole.par, sr, strokes),
        adjustedStrokes: strokes === null ? null : adjustedHoleScore(strokes, hole.par, receivedForHandicap[h]!),
      };
    });
    const played = holes.filter((h) => h.strokes !== null);
    const sum = (pick: (h: ScoredHole) => number) => played.reduce((total, h) => total + pick(h), 0);
    const parPlayed = sum((h) => h.par);
    return {
      id: player.id,
      handicapIndexUsed: indexUsed,
      courseHandicapExact: ch,
      courseHandicap: wholeCh,
      playingHandicap: ph,
      matchHandicap: matchHandicaps ? matchHandicaps[i]! : null,
      holes,
      totals: {
        holesPlayed: played.length,
        gross: sum((h) => h.strokes!),
        net: sum((h) => h.net!),
        stablefordPoints: sum((h) => h.stablefordPoints!),
        adjustedGross: sum((h) => h.adjustedStrokes!),
        grossToPar: sum((h) => h.strokes!) - parPlayed,
        netToPar: sum((h) => h.net!) - parPlayed,
      },
    };
  });

  const balls = new Map<string, BallView | null>();
  if (oneBall) {
    for (const side of round.sides) {
      const teamHandicap = teamHandicaps.get(side.id) ?? null;
      const holder = players.findIndex((_, i) => round.players[i]!.sideId === side.id);
      if (teamHandicap === null || holder < 0) {
        balls.set(side.id, null);
        continue;
      }
      const card = players[holder]!;
      const { adjustedGross: _forHandicapOnly, ...totals } = card.totals;
      balls.set(side.id, {
        participantId: card.id,
        playingHandicap: teamHandicap,
        holes: card.holes.map(({ adjustedStrokes: _never, ...hole }) => hole),
        totals,
      });
    }
  }

  return { allowancePercent: allowance, fourBall, players, standings: standingsFor(round, players), balls };
}

function requireRating(rating: Rating | null): Rating {
  if (!rating) throw new Error('A player without frozen handicaps needs the tee rating.');
  return rating;
}

/** A side's result on one hole: its best net and best points among its players who scored it. */
interface SideHole {
  par: number;
  bestNet: number;
  bestPoints: number;
}

function sideHoles(round: RoundToScore, players: ScoredPlayer[], sideId: string): (SideHole | null)[] {
  const members = players.filter((_, i) => round.players[i]!.sideId === sideId);
  return round.holes.map((hole, h) => {
    const scored = members.map((m) => m.holes[h]!).filter((s) => s.strokes !== null);
    if (scored.length === 0) return null;
    return {
      par: hole.par,
      bestNet: Math.min(...scored.map((s) => s.net!)),
      bestPoints: Math.max(...scored.map((s) => s.stablefordPoints!)),
    };
  });
}

/** Stableford points for a hole played in net par (docs/golf.md: 2 + par + received − strokes). */
const STABLEFORD_POINTS_AT_NET_PAR = 2;
/** Competition ranking (1, 1, 3): sides that have played nothing have no position. */
function positions<T>(values: (T | null)[], better: (a: T, b: T) => boolean): (number | null)[] {
  return values.map((v) => (v === null ? null : 1 + values.filter((o) => o !== null && better(o, v)).length));
}

function standingsFor(round: RoundToScore, players: ScoredPlayer[]): Map<string, Standing | null> {
  const perSide = round.sides.map((side) => ({ id: side.id, holes: sideHoles(round, players, side.id) }));
  const standings = new Map<string, Standing | null>();

  const scoring = ROUND_SCORING[round.format];
  if (scoring === 'match') {
    if (perSide.length !== 2) {
      for (const side of perSide) standings.set(side.id, null);
      return standings;
    }
    const [a, b] = perSide as [(typeof perSide)[0], (typeof perSide)[0]];
    // Holes count in card order; once one side is more holes up than remain, the match is decided and
    // holes played after that (players often finish the round) no longer change it.
    let played = 0;
    let up = 0;
    for (let h = 0; h < round.holes.length; h += 1) {
      const ha = a.holes[h];
      const hb = b.holes[h];
      if (!ha || !hb) continue;
      played += 1;
      if (ha.bestNet < hb.bestNet) up += 1;
      else if (hb.bestNet < ha.bestNet) up -= 1;
      if (Math.abs(up) > round.holes.length - played) break;
    }
    const remaining = round.holes.length - played;
    standings.set(a.id, matchStanding(up, played, remaining));
    standings.set(b.id, matchStanding(-up, played, remaining));
    return standings;
  }

  // Stroke play and Stableford rank by the score against par over the holes each side has played, so that
  // neither playing more holes nor fewer is an advantage in itself (decision 0415): net to par, or points
  // against 2 a hole (net par). Once the round is finished, a side that left holes unplayed ranks after
  // every side that played them all.
  const results = perSide.map((side) => {
    const played = side.holes.filter((h): h is SideHole => h !== null);
    const points = played.reduce((t, h) => t + h.bestPoints, 0);
    return {
      id: side.id,
      holesPlayed: played.length,
      net: played.reduce((t, h) => t + h.bestNet, 0),
      netToPar: played.reduce((t, h) => t + h.bestNet - h.par, 0),
      points,
      pointsToPar: points - STABLEFORD_POINTS_AT_NET_PAR * played.length,
    };
  });
  const stroke = scoring === 'stroke';
  const pos = positions(
    results.map((r) =>
      r.holesPlayed === 0
        ? null
        : {
            unfinished: round.finished === true && r.holesPlayed < round.holes.length,
            // Lower is better.
            score: stroke ? r.netToPar : -r.pointsToPar,
          },
    ),
    (o, v) => (o.unfinished !== v.unfinished ? !o.unfinished : o.score < v.score),
  );
  for (const [i, r] of results.entries()) {
    standings.set(
      r.id,
      stroke
        ? { format: 'stroke', holesPlayed: r.holesPlayed, net: r.net, netToPar: r.netToPar, position: pos[i]! }
        : {
            format: 'stableford',
            holesPlayed: r.holesPlayed,
            points: r.points,
            pointsToPar: r.pointsToPar,
            position: pos[i]!,
          },
    );
  }
  return standings;
}

/**
 * A match's standing as numbers: holes up (negative: down), holes left, whether it is decided and how. Each
 * reader words it in their language ("3 opp", "Vunnet 3&2", "All square": the app's matchStatusText).
 */
function matchStanding(up: number, played: number, remaining: number): Standing {
  const decided = Math.abs(up) > remaining || (remaining === 0 && played > 0);
  const result = decided ? (up > 0 ? 'won' : up < 0 ? 'lost' : 'halved') : null;
  const position = played === 0 ? null : up >= 0 ? 1 : 2;
  return {
    format: 'match',
    holesPlayed: played,
    holesRemaining: remaining,
    holesUp: up,
    decided,
    result,
    position,
  };
}
