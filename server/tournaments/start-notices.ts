import { and, asc, eq, inArray } from 'drizzle-orm';
import { START_LIST_PUBLISHABLE } from '../../shared/tournament-rules';
import type { GroupView } from '../../shared/schemas/tournaments';
import type { Transaction } from '../db/client';
import { appUser, organization, tournament, tournamentRound, tournamentStartNotice } from '../db/schema';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { type StartToTell, startTimeMail } from '../mail/templates/tournaments';
import { pushToUsers } from '../push/send';
import { assertStatus, requireTournamentRow, type TournamentRow } from './access';
import { groupViews } from './group-view';
import { tournamentAppUrl } from './links';
import { isOrganizer, type TournamentScope } from './scope';

/**
 * Start times that reach the players (docs/contract.md section 13, decision 0428). Publishing a start list
 * tells each player with an account, once, their round, time, tee and partners, by mail and by push; from then on a change to
 * the start list tells only the players whose time or tee it moved. What each player was last told is a
 * row of `tournament_start_notice`, written in the same transaction as the change under the tournament's
 * row lock, so two publications at once, or a publication and a change, tell nobody twice. The mail goes
 * after the commit.
 */

export async function publishStartList(
  deps: Deps,
  scope: TournamentScope,
  input: { tournamentId: string },
): Promise<{ publishedAt: string; notified: number }> {
  if (!isOrganizer(scope)) throw new AppError('NOT_ORG_ADMIN');
  const t = await requireTournamentRow(scope, input.tournamentId, { lock: true });
  assertStatus(t, START_LIST_PUBLISHABLE, 'errors.tournaments.startListNotNow');
  const starts = await currentStarts(scope.tx, t);
  if (!starts.anyGroups) throw new AppError('CONFLICT', { key: 'errors.tournaments.noStartListToPublish' });
  let publishedAt = t.startListPublishedAt;
  if (!publishedAt) {
    publishedAt = deps.now();
    await scope.tx.update(tournament).set({ startListPublishedAt: publishedAt }).where(eq(tournament.id, t.id));
  }
  const notified = await tellMoved(deps, scope, t, starts);
  return { publishedAt: publishedAt.toISOString(), notified };
}

/** A round's start list as just saved, as the save answers with it. */
export interface SavedRound {
  round: number;
  groups: readonly GroupView[];
}

/**
 * After the start list of one round changed (the caller holds the tournament's row lock): once it is
 * published, the players it moved are told. Only that round counts, and its groups are the ones the save
 * already read: a save of one round moves nobody in another (bench:start-notices measured reading all four
 * rounds again at twice the cost of the save itself). Returns how many players are told.
 */
export async function tellMovedPlayers(
  deps: Deps,
  scope: TournamentScope,
  t: TournamentRow,
  saved: SavedRound,
): Promise<number> {
  if (!t.startListPublishedAt) return 0;
  return tellMoved(deps, scope, t, await currentStarts(scope.tx, t, saved));
}

interface PlayerStart extends StartToTell {
  userId: string;
}

/** Every player's start in every round read (all, or the one changed) that has a start list, keyed `round:userId`. */
interface Starts {
  /** The one round read, when not all were. */
  only?: number;
  byRoundAndPlayer: Map<string, PlayerStart>;
  severalRounds: boolean;
  /** Groups are set in some round (the players in them may all be guests, who have no address). */
  anyGroups: boolean;
}

async function currentStarts(tx: Transaction, t: TournamentRow, saved?: SavedRound): Promise<Starts> {
  const rounds = await tx
    .select({ number: tournamentRound.number })
    .from(tournamentRound)
    .where(eq(tournamentRound.tournamentId, t.id))
    .orderBy(asc(tournamentRound.number));
  const starts = new Map<string, PlayerStart>();
  let anyGroups = false;
  for (const { number } of rounds) {
    if (saved && number !== saved.round) continue;
    const groups = saved ? saved.groups : await groupViews(tx, t, number);
    anyGroups ||= groups.length > 0;
    for (const group of groups) {
      const people = group.entries.flatMap((e) =>
        'players' in e
          ? e.players.map((p) => ({ key: p.id, userId: p.userId, name: p.name }))
          : [{ key: e.id, userId: e.player.userId, name: e.player.name }],
      );
      for (const person of people) {
        if (!person.userId) continue;
        starts.set(`${number}:${person.userId}`, {
          userId: person.userId,
          round: number,
          startsAt: new Date(group.startsAt),
          tee: group.tee,
          partners: people.filter((p) => p.key !== person.key).map((p) => p.name),
        });
      }
    }
  }
  return {
    ...(saved ? { only: saved.round } : {}),
    byRoundAndPlayer: starts,
    severalRounds: rounds.length > 1,
    anyGroups,
  };
}

async function tellMoved(
  deps: Deps,
  scope: TournamentScope,
  t: TournamentRow,
  { only, byRoundAndPlayer: starts, severalRounds }: Starts,
): Promise<number> {
  const { tx } = scope;
  const inTournament = eq(tournamentStartNotice.tournamentId, t.id);
  const where = only === undefined ? inTournament : and(inTournament, eq(tournamentStartNotice.round, only));
  const told = new Map(
    (await tx.select().from(tournamentStartNotice).where(where)).map((n) => [`${n.round}:${n.userId}`, n]),
  );
  // A player taken off a round's list is no longer held to what they were told: put back, they hear again.
  for (const [key, notice] of told) {
    if (starts.has(key)) continue;
    await tx
      .delete(tournamentStartNotice)
      .where(
        and(
          eq(tournamentStartNotice.tournamentId, t.id),
          eq(tournamentStartNotice.round, notice.round),
          eq(tournamentStartNotice.userId, notice.userId),
        ),
      );
  }
  const byPlayer = new Map<string, { starts: PlayerStart[]; changed: boolean }>();
  for (const [key, start] of starts) {
    const before = told.get(key);
    if (before && before.startsAt.getTime() === start.startsAt.getTime() && before.tee === start.tee) continue;
    const player = byPlayer.get(start.userId) ?? { starts: [], changed: false };
    player.starts.push(start);
    player.changed ||= before !== undefined;
    byPlayer.set(start.userId, player);
    const notice = { startsAt: start.startsAt, tee: start.tee, sentAt: deps.now() };
    await tx
      .insert(tournamentStartNotice)
      .values({
        tournamentId: t.id,
        organizationId: t.organizationId,
        round: start.round,
        userId: start.userId,
        ...notice,
      })
      .onConflictDoUpdate({
        target: [tournamentStartNotice.tournamentId, tournamentStartNotice.round, tournamentStartNotice.userId],
        set: notice,
      });
  }
  if (byPlayer.size === 0) return 0;

  const recipients = await tx
    .select({ id: appUser.id, email: appUser.email, language: appUser.language })
    .from(appUser)
    .where(inArray(appUser.id, [...byPlayer.keys()]));
  const [club] = await tx
    .select({ name: organization.name })
    .from(organization)
    .where(eq(organization.id, t.organizationId));
  const link = tournamentAppUrl(deps.config.publicUrl, t);
  const messages = recipients.map((r) => {
    const player = byPlayer.get(r.id)!;
    return {
      userId: r.id,
      ...startTimeMail({
        to: r.email,
        tournamentName: t.name,
        clubName: club!.name,
        changed: player.changed,
        severalRounds,
        starts: player.starts.sort((a, b) => a.round - b.round),
        link,
        language: r.language ?? 'nb',
      }),
    };
  });
  // After the commit: a start list that rolls back was never published. A mail that fails is logged; the
  // start list stands, and the player is not told again for it. The same words go by push to the phones
  // the players turned it on in (pushToUsers logs its failures and never throws).
  scope.afterCommit(() => {
    for (const { mail } of messages)
      deps.mailer.send(mail).catch((error: unknown) => {
        deps.logger.warn({ err: error, tournamentId: t.id }, 'start time mail not sent');
      });
    void pushToUsers(
      deps,
      messages.map((m) => ({ userId: m.userId, ...m.push, url: link })),
    );
  });
  return messages.length;
}
