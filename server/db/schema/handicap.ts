import { sql } from 'drizzle-orm';
import { check, date, doublePrecision, index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { requiredReference, timestamptz, uuidKey } from './columns';
import { participant, round } from './rounds';
import { tournament, tournamentEntry } from './tournaments';
import { appUser } from './users';

/**
 * One attested score of a player's handicap record (docs/golf.md, "The handicap record"). Everything the
 * differential is computed from is copied in when the score enters: a later edit or deletion of the course,
 * the round or the tournament changes no differential (the links to them only say where it was played).
 * A score from a round is keyed by its participant row, one from a tournament by its card (entry, round):
 * parallel attestations of one card give one score.
 */
export const handicapScore = pgTable(
  'handicap_score',
  {
    id: uuidKey(),
    userId: requiredReference('user_id', () => appUser.id, 'cascade'),
    participantId: uuid('participant_id').references(() => participant.id, { onDelete: 'set null' }),
    roundId: uuid('round_id').references(() => round.id, { onDelete: 'set null' }),
    tournamentEntryId: uuid('tournament_entry_id').references(() => tournamentEntry.id, { onDelete: 'set null' }),
    tournamentRound: integer('tournament_round'),
    tournamentId: uuid('tournament_id').references(() => tournament.id, { onDelete: 'set null' }),
    tournamentSlug: text('tournament_slug'),
    tournamentName: text('tournament_name'),
    playedOn: date('played_on', { mode: 'string' }).notNull(),
    /** When the round or card finished: orders the scores of one day as they were played. */
    finishedAt: timestamptz('finished_at').notNull(),
    holes: integer('holes').notNull(),
    courseName: text('course_name').notNull(),
    teeName: text('tee_name').notNull(),
    adjustedGross: integer('adjusted_gross').notNull(),
    courseRating: doublePrecision('course_rating').notNull(),
    slope: integer('slope').notNull(),
    par: integer('par').notNull(),
    attestedByUserId: uuid('attested_by_user_id').references(() => appUser.id, { onDelete: 'set null' }),
    /** A guest marker of a tournament card, who has no account to be named by. */
    attestedByGuestName: text('attested_by_guest_name'),
    attestedAt: timestamptz('attested_at').notNull(),
  },
  (t) => [
    index('handicap_score_user_idx').on(t.userId, t.playedOn),
    unique('handicap_score_participant_unique').on(t.participantId),
    unique('handicap_score_card_unique').on(t.tournamentEntryId, t.tournamentRound),
    check('handicap_score_holes_valid', sql`${t.holes} in (9, 18)`),
    check(
      'handicap_score_one_source',
      sql`(${t.participantId} is null) or (${t.tournamentEntryId} is null and ${t.tournamentRound} is null)`,
    ),
  ],
);
