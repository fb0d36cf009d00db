import { and, eq } from 'drizzle-orm';
import { ranksByPoints } from '../../shared/formats';
import type { FeedItem } from '../../shared/schemas/feed';
import { organization, tournamentEntry, tournamentEntryPlayer } from '../db/schema';
import { tournamentHoles } from '../tournaments/holes';
import type { Queryable } from '../db/client';
import type { Deps } from '../deps';
import { computeLeaderboard, type LeaderboardInput } from '../golf/leaderboard';
import type { TournamentRow } from '../tournaments/access';
import { loadLeaderboardInput } from '../tournaments/leaderboard-input';
import { highlightLabel, NEVER_A_HIGHLIGHT_FROM_STROKES } from './highlights';
import { findVisibleItem, postFeedItem, tournamentHighlightSource, withdrawFeedItems, type FeedWriter } from './items';

/**
 * A public tournament's feed items, written by the tournament's own operations inside their tenancy
 * transaction (decision 0602). A members-only tournament writes none; one made members-only takes its items
 * out of the feed, and they stay out if it is made public again.
 */
type FeedDeps = Pick<Deps, 'bus' | 'now'>;

const STATUS_KINDS = {
  open: 'tournament_opened',
  in_progress: 'tournament_started',
  finished: 'tournament_finished',
} as const;

async function publicFields(db: Queryable, t: TournamentRow): Promise<Pick<FeedItem, 'organization' | 'tournament'>> {
  const [org] = await db
    .select({ name: organization.name })
    .from(organization)
    .where(eq(organization.id, t.organizationId));
  return { organization: { name: org!.name }, tournament: { slug: t.slug, name: t.name } };
}

/** After a status move (setTournamentStatus): opened, started, finished with its podium. */
export async function postTournamentStatus(deps: FeedDeps, writer: FeedWriter, t: TournamentRow): Promise<void> {
  if (t.visibility !== 'public' || !(t.status in STATUS_KINDS)) return;
  const kind = STATUS_KINDS[t.status as keyof typeof STATUS_KINDS];
  const fields = await publicFields(writer.tx, t);
  const rest: Pick<FeedItem, 'podium' | 'unit'> =
    kind === 'tournament_finished'
      ? {
          podium: podiumOf(await loadLeaderboardInput(writer.tx, t)),
          unit: ranksByPoints(t.format) ? 'points' : 'strokes',
        }
      : {};
  await postFeedItem(deps, writer, {
    kind,
    source: `tournament:${t.id}:${kind}`,
    tournamentId: t.id,
    payload: { ...fields, ...rest },
  });
}

/**
 * The top three of each division (places 1 to 3, ties included, so a shared third place shows everyone on
 * it), of those who have played a hole. `total`: gross strokes over every round, or points in Stableford.
 */
export function podiumOf(input: LeaderboardInput): NonNullable<FeedItem['podium']> {
  const gross = new Map(
    input.entries.map((e) => [e.entryId, e.scores.flat().reduce<number>((sum, s) => sum + (s ?? 0), 0)]),
  );
  const played = new Set(input.entries.filter((e) => e.scores.flat().some((s) => s !== null)).map((e) => e.entryId));
  return computeLeaderboard(input).flatMap((division) => {
    const places = division.rows
      .filter((row) => played.has(row.entryId) && Number(row.position.replace('T', '')) <= 3)
      .map((row) => ({
        position: row.position,
        name: row.name,
        total: ranksByPoints(input.format) ? (row.points ?? 0) : gross.get(row.entryId)!,
      }));
    return places.length > 0 ? [{ division: division.name, places }] : [];
  });
}

/**
 * After a tournament score write: a hole in one, albatross or eagle in a public tournament is posted; a
 * score corrected away from it takes its item out of the feed (and a new highlight, if the correction is
 * one, is posted in its place).
 */
export async function tournamentScoreHighlight(
  deps: FeedDeps,
  writer: FeedWriter,
  t: TournamentRow,
  score: { entryId: string; round: number; hole: number; strokes: number | null; ball?: number },
): Promise<void> {
  const source = tournamentHighlightSource(t.id, score.entryId, score);
  const mayBeOne =
    t.visibility === 'public' && score.strokes !== null && score.strokes < NEVER_A_HIGHLIGHT_FROM_STROKES;
  const existing = await findVisibleItem(writer.tx, source);
  if (!mayBeOne && !existing) return;
  const [hole] = await tournamentHoles(writer.tx, t.id, { number: score.hole });
  const label = mayBeOne && hole ? highlightLabel(hole.par, score.strokes!) : null;
  if (existing) await withdrawFeedItems(deps, writer, { source }, 'corrected');
  if (!label) return;
  // Four-ball: the player whose ball it was; otherwise the entry, a player or a team.
  const [entry] = score.ball
    ? await writer.tx
        .select({ name: tournamentEntryPlayer.name })
        .from(tournamentEntryPlayer)
        .where(and(eq(tournamentEntryPlayer.entryId, score.entryId), eq(tournamentEntryPlayer.ball, score.ball)))
    : await writer.tx
        .select({ name: tournamentEntry.name })
        .from(tournamentEntry)
        .where(eq(tournamentEntry.id, score.entryId));
  await postFeedItem(deps, writer, {
    kind: 'highlight',
    source,
    tournamentId: t.id,
    payload: {
      ...(await publicFields(writer.tx, t)),
      player: { name: entry!.name },
      highlight: { hole: score.hole, par: hole!.par, strokes: score.strokes!, label },
    },
  });
}

/** After a visibility change to members-only: everything of the tournament leaves the feed. */
export async function withdrawTournament(deps: FeedDeps, writer: FeedWriter, tournamentId: string): Promise<void> {
  await withdrawFeedItems(deps, writer, { tournamentId }, 'members_only');
}
