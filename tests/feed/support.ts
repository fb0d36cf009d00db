import { appUser } from '../../server/db/schema';
import type { UserRow } from '../../server/auth/users';
import type { FeedItem } from '../../shared/schemas/feed';
import type { RoundView } from '../../shared/schemas/rounds';
import { callerAs } from '../helpers/caller';
import type { TestDeps } from '../helpers/deps';
import { createUser } from '../helpers/factories';
import { createTournamentFixture, type TournamentFixture } from '../helpers/tournaments';
import { demoCourse } from '../rounds/helpers';

/**
 * The public feed's test world: tournaments walked through their moves by their admin's own procedures,
 * rounds played and finished through the round procedures, a super administrator.
 */
export async function superAdmin(deps: TestDeps): Promise<UserRow> {
  return createUser(deps.db, { name: 'Sara Superadmin', isSuperAdmin: true });
}

/** Every user id and e-mail address of the test world: none may appear in anything the feed sends. */
export async function secretsOfTheWorld(deps: TestDeps): Promise<string[]> {
  const users = await deps.db.select({ id: appUser.id, email: appUser.email }).from(appUser);
  return users.flatMap((u) => [u.id, u.email]);
}

export function leaked(raw: string, secrets: readonly string[]): string[] {
  const text = raw.toLowerCase();
  return secrets.filter((s) => text.includes(s.toLowerCase()));
}

/** A tournament in `draft` (fixture: four members entered, round 1 grouped), of the given visibility. */
export async function draftTournament(
  deps: TestDeps,
  options: {
    visibility?: 'public' | 'members';
    name?: string;
    format?: 'stroke_gross' | 'stroke_net' | 'stableford';
  } = {},
) {
  return createTournamentFixture(deps.db, {
    status: 'draft',
    visibility: options.visibility ?? 'public',
    name: options.name,
    format: options.format ?? 'stroke_gross',
  });
}

export async function asAdmin(deps: TestDeps, fx: TournamentFixture) {
  return (await callerAs(deps, fx.admin)).caller;
}

/** Walks the tournament through its moves up to `status` as its admin would. */
export async function moveTo(deps: TestDeps, fx: TournamentFixture, status: 'open' | 'in_progress' | 'finished') {
  const caller = await asAdmin(deps, fx);
  const path = {
    open: ['open'],
    in_progress: ['open', 'closed', 'in_progress'],
    finished: ['open', 'closed', 'in_progress', 'finished'],
  }[status];
  const current = (await caller.tournaments.get({ organizationId: fx.organizationId, tournamentId: fx.tournamentId }))
    .status;
  for (const next of path.slice(path.indexOf(current) + 1)) {
    await caller.tournaments.setStatus({
      organizationId: fx.organizationId,
      tournamentId: fx.tournamentId,
      status: next as never,
    });
  }
}

/** Hole numbers of the tournament's course by par. */
export function holeOfPar(fx: TournamentFixture, par: number, nth = 0): number {
  return fx.holes.filter((h) => h.par === par)[nth]!.number;
}

export async function tournamentScore(
  deps: TestDeps,
  fx: TournamentFixture,
  player: number,
  hole: number,
  strokes: number | null,
) {
  return (await asAdmin(deps, fx)).tournaments.setScore({
    organizationId: fx.organizationId,
    tournamentId: fx.tournamentId,
    entryId: fx.players[player]!.entryId,
    round: 1,
    hole,
    strokes,
  });
}

/** Full cards for every player: `base + player index` on each hole's par, so places follow entry order. */
export async function fullCards(deps: TestDeps, fx: TournamentFixture): Promise<void> {
  for (const [i] of fx.players.entries()) {
    for (const h of fx.holes) await tournamentScore(deps, fx, i, h.number, h.par + (h.number <= i ? 1 : 0));
  }
}

export interface PlayedRound {
  round: RoundView;
  owner: UserRow;
  /** An account taking part (not the owner). */
  participant: UserRow;
}

/**
 * A round on Bogstad played by its owner, an account participant and a guest: every hole on par, except the
 * owner's eagle (two under on the first par 5) and the guest's hole in one (the first par 3). Finished
 * unless `finish` is false.
 */
export async function playedRound(
  deps: TestDeps,
  options: { finish?: boolean; format?: 'stroke' | 'stableford' } = {},
): Promise<PlayedRound> {
  const { course, teeId } = await demoCourse(deps, 'oslo-gk', 'Bogstad');
  const owner = await createUser(deps.db, { name: 'Rune Rundeeier', handicapIndex: 14.2 });
  const participant = await createUser(deps.db, { name: 'Pia Partner', handicapIndex: 22 });
  const { caller } = await callerAs(deps, owner);
  const round = await caller.rounds.create({
    courseId: course.id,
    teeId,
    playedOn: '2026-06-01',
    format: options.format ?? 'stroke',
    holes: '18',
  });
  const side = await caller.rounds.addSide({ roundId: round.id, name: 'Lag 1' });
  const me = await caller.rounds.addParticipant({ roundId: round.id, sideId: side.id, userId: owner.id });
  const partner = await caller.rounds.addParticipant({ roundId: round.id, sideId: side.id, userId: participant.id });
  const guest = await caller.rounds.addParticipant({
    roundId: round.id,
    sideId: side.id,
    guest: { name: 'Gunnar Gjest', handicapIndex: 30 },
  });
  const eagleHole = round.card.find((h) => h.par === 5)!;
  const aceHole = round.card.find((h) => h.par === 3)!;
  let view = round;
  for (const h of round.card) {
    for (const p of [me, partner, guest]) {
      let strokes = h.par;
      if (p.id === me.id && h.hole === eagleHole.hole) strokes = 3;
      if (p.id === guest.id && h.hole === aceHole.hole) strokes = 1;
      view = await caller.rounds.setScore({ roundId: round.id, participantId: p.id, hole: h.hole, strokes });
    }
  }
  if (options.finish !== false) view = await caller.rounds.finish({ roundId: round.id });
  return { round: view, owner, participant };
}

export const kinds = (items: readonly FeedItem[]) => items.map((i) => i.kind);
