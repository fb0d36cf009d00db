import { describeError } from '../../server/trpc/errors';
import type { UserRow } from '../../server/auth/users';
import type { TournamentView } from '../../shared/schemas/tournaments';
import { callerAs } from '../helpers/caller';
import type { TestDeps } from '../helpers/deps';
import { addMember, createOrganization, createUser } from '../helpers/factories';
import { createTournamentFixture, demoCourseForTournament, type DemoCourseForTournament } from '../helpers/tournaments';
import type { TournamentStatus } from '../../shared/values';

type Caller = Awaited<ReturnType<typeof callerAs>>['caller'];

/** A club with an owner, an admin and two members, another club with its own tournament, and the demo courses. */
export interface World {
  deps: TestDeps;
  orgId: string;
  orgName: string;
  owner: UserRow;
  admin: UserRow;
  member: UserRow;
  member2: UserRow;
  /** The owner of the other club: a member of no tournament here. */
  outsider: UserRow;
  otherOrgId: string;
  otherTournamentId: string;
  bogstad: DemoCourseForTournament;
  /** Losby's 18-hole course: its tees are not Bogstad's. */
  losby: DemoCourseForTournament;
  nineHoles: DemoCourseForTournament;
  /** The admin's caller, to set things up through the procedures themselves. */
  asAdmin: Caller;
}

let clubs = 0;

export async function buildWorld(deps: TestDeps): Promise<World> {
  clubs += 1;
  const orgName = `Bærum Golfklubb ${clubs}`;
  const org = await createOrganization(deps.db, orgName);
  const other = await createOrganization(deps.db, `Andre Klubben ${clubs}`);
  const owner = await createUser(deps.db, { name: 'Olga Eier', handicapIndex: 12.0 });
  const admin = await createUser(deps.db, { name: 'Arne Admin', handicapIndex: 20.0 });
  const member = await createUser(deps.db, { name: 'Mona Medlem', handicapIndex: 18.4 });
  const member2 = await createUser(deps.db, { name: 'Per Medlem', handicapIndex: 8.6 });
  const outsider = await createUser(deps.db, { name: 'Utenfor Eier', handicapIndex: 10 });
  await addMember(deps.db, org.id, owner.id, 'owner');
  await addMember(deps.db, org.id, admin.id, 'admin');
  await addMember(deps.db, org.id, member.id, 'member');
  await addMember(deps.db, org.id, member2.id, 'member');
  await addMember(deps.db, other.id, outsider.id, 'owner');
  const otherTournament = await createTournamentFixture(deps.db, {
    organizationId: other.id,
    status: 'open',
    players: 1,
  });
  return {
    deps,
    orgId: org.id,
    orgName,
    owner,
    admin,
    member,
    member2,
    outsider,
    otherOrgId: other.id,
    otherTournamentId: otherTournament.tournamentId,
    bogstad: await demoCourseForTournament(deps.db, 'Bogstad'),
    losby: await demoCourseForTournament(deps.db, 'Losby 18 hull'),
    nineHoles: await demoCourseForTournament(deps.db, 'Østmarka 9 hull'),
    asAdmin: (await callerAs(deps, admin)).caller,
  };
}

/** A valid TournamentInput on Bogstad: men off yellow, women off red. */
export function tournamentInput(w: World, overrides: Record<string, unknown> = {}) {
  return {
    organizationId: w.orgId,
    name: 'Klubbmesterskap',
    visibility: 'public' as const,
    format: 'stroke_net' as const,
    rounds: [{ number: 1, courseId: w.bogstad.courseId, playedOn: '2026-06-13' }],
    divisions: [
      { name: 'Herrer', teeId: w.bogstad.tees['Gul/male']!.id },
      { name: 'Damer', teeId: w.bogstad.tees['Rød/female']!.id },
    ],
    ...overrides,
  };
}

const PATH: Record<TournamentStatus, TournamentStatus[]> = {
  draft: [],
  open: ['open'],
  closed: ['open', 'closed'],
  in_progress: ['open', 'closed', 'in_progress'],
  finished: ['open', 'closed', 'in_progress', 'finished'],
  cancelled: ['cancelled'],
};

/** A tournament walked to `status` through the procedures, with `overrides` on its input. */
export async function tournamentIn(
  w: World,
  status: TournamentStatus,
  overrides: Record<string, unknown> = {},
): Promise<TournamentView> {
  let t = await w.asAdmin.tournaments.create(tournamentInput(w, overrides) as never);
  for (const next of PATH[status])
    t = await w.asAdmin.tournaments.setStatus({ organizationId: w.orgId, tournamentId: t.id, status: next });
  return t;
}

/** The contract's error of a call that must fail (code, Norwegian message, field issues); throws if it succeeded. */
export async function failure(
  call: Promise<unknown>,
): Promise<{ code: string; message: string; issues?: { path: string; message: string }[] }> {
  try {
    await call;
  } catch (error) {
    const d = describeError(error);
    return { code: d.code, message: d.message, ...(d.issues ? { issues: d.issues } : {}) };
  }
  throw new Error('expected the call to fail');
}
