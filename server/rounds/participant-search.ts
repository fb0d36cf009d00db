import { and, desc, eq, inArray, isNotNull, ne, or } from 'drizzle-orm';
import { z } from 'zod';
import type { ParticipantSearchAnswer } from '../../shared/schemas/rounds';
import { findUserByEmail, normalizeEmail } from '../auth/users';
import { matchScore, parseQuery } from '../courses/fuzzy';
import { fold } from '../courses/search-text';
import { appUser, organizationMembership, participant, round } from '../db/schema';
import type { Deps } from '../deps';
import { indexPlayedOff } from '../handicap/record';
import type { Actor } from '../actor';

/** At most this many accounts and this many guests per answer. */
export const PARTICIPANT_HITS = 20;
/** The people one caller can know through organizations and rounds, read at most. */
const KNOWN_PEOPLE_MAX = 2000;

const emailShape = z.email();

/**
 * participants.search (docs/contract.md section 8). It finds only people the caller already has a link to:
 * accounts sharing an organization or a round (as owner or participant, either way) with the caller, the
 * caller themself, and the caller's earlier guests, matched by name (accent- and case-insensitive,
 * prefixes and typos). An exact e-mail address finds its account too: that hit shows the address that
 * was typed and nothing more; no other hit ever carries an e-mail address (docs/courses-and-rounds.md).
 */
export async function searchParticipants(
  deps: Deps,
  actor: Pick<Actor, 'userId'>,
  input: { q?: string | undefined },
): Promise<ParticipantSearchAnswer> {
  const q = input.q?.trim() ?? '';
  const query = q === '' ? null : parseQuery(q);

  const myOrganizations = deps.db
    .select({ id: organizationMembership.organizationId })
    .from(organizationMembership)
    .where(eq(organizationMembership.userId, actor.userId));
  const myRounds = deps.db
    .select({ id: round.id })
    .from(round)
    .where(
      or(
        eq(round.ownerUserId, actor.userId),
        inArray(
          round.id,
          deps.db.select({ id: participant.roundId }).from(participant).where(eq(participant.userId, actor.userId)),
        ),
      ),
    );
  const known = await deps.db
    .select({ id: appUser.id, name: appUser.name, handicapIndex: indexPlayedOff })
    .from(appUser)
    .where(
      or(
        eq(appUser.id, actor.userId),
        inArray(
          appUser.id,
          deps.db
            .select({ id: organizationMembership.userId })
            .from(organizationMembership)
            .where(inArray(organizationMembership.organizationId, myOrganizations)),
        ),
        inArray(
          appUser.id,
          deps.db
            .select({ id: participant.userId })
            .from(participant)
            .where(and(isNotNull(participant.userId), inArray(participant.roundId, myRounds))),
        ),
        inArray(appUser.id, deps.db.select({ id: round.ownerUserId }).from(round).where(inArray(round.id, myRounds))),
      ),
    )
    .limit(KNOWN_PEOPLE_MAX);

  const byScore = <T extends { name: string | null }>(items: T[]) =>
    items
      .map((item) => ({ item, score: query ? matchScore(query, fold(item.name ?? '')) : 1 }))
      .filter((c) => c.score > 0)
      .sort((a, b) => b.score - a.score || (a.item.name ?? '').localeCompare(b.item.name ?? '', 'nb'))
      .map((c) => c.item);

  const accounts: ParticipantSearchAnswer['accounts'] = byScore(known)
    .slice(0, PARTICIPANT_HITS)
    .map((u) => ({ userId: u.id, name: u.name, handicapIndex: u.handicapIndex }));

  if (emailShape.safeParse(q).success) {
    const owner = await findUserByEmail(deps.db, q);
    if (owner) {
      const email = normalizeEmail(q);
      const hit = accounts.find((a) => a.userId === owner.id);
      if (hit) hit.email = email;
      else accounts.unshift({ userId: owner.id, name: owner.name, handicapIndex: owner.handicapIndex, email });
    }
  }

  const guestRows = await deps.db
    .select({ name: participant.guestName, handicapIndex: participant.handicapIndex, at: participant.createdAt })
    .from(participant)
    .innerJoin(round, eq(round.id, participant.roundId))
    .where(and(eq(round.ownerUserId, actor.userId), isNotNull(participant.guestName), ne(participant.guestName, '')))
    .orderBy(desc(participant.createdAt))
    .limit(KNOWN_PEOPLE_MAX);
  const latestGuests = new Map<string, { name: string; handicapIndex: number }>();
  for (const g of guestRows) {
    const key = fold(g.name!);
    if (!latestGuests.has(key)) latestGuests.set(key, { name: g.name!, handicapIndex: g.handicapIndex ?? 0 });
  }
  const guests = query ? byScore([...latestGuests.values()]) : [...latestGuests.values()];
  return { accounts, guests: guests.slice(0, PARTICIPANT_HITS) };
}
