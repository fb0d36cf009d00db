import { z } from 'zod';
import { id } from './common';
import { courseOutput, queryNumber, queryText } from './courses';
import { handicapIndex } from './handicap-index';
import { userText } from './text';
import {
  TOURNAMENT_MAX_ROUNDS,
  TOURNAMENT_MAX_DIVISIONS,
  TOURNAMENT_MAX_ENTRY_LIMIT,
  TOURNAMENT_NAME_MAX,
  TOURNAMENT_DESCRIPTION_MAX,
  GROUP_MAX_ENTRIES,
  GROUP_MAX_PLAYERS,
  GROUP_INTERVAL_MINUTES_MAX,
  PUBLIC_TOURNAMENTS_MAX_LIMIT,
  HOLES_PER_TOURNAMENT_ROUND,
} from '../tournament-rules';
import {
  tieBreakSchema,
  tieDeciderSchema,
  tournamentFormatSchema,
  tournamentStatusSchema,
  tournamentVisibilitySchema,
} from './values';

/** Tournaments and their public pages (docs/contract.md section 9). Inputs are strict: unknown fields are 400. */

// The moves and limits live without zod in shared/tournament-rules.ts (the value lists in shared/values.ts),
// so the app's chunks need not carry zod; everything of tournament-rules is this module's too.
export * from '../tournament-rules';

const name = userText()
  .trim()
  .min(1, { message: 'errors.tournaments.nameMissing' })
  .max(TOURNAMENT_NAME_MAX, { message: 'errors.fields.atMostCharacters' });
const description = userText({ multiLine: true })
  .trim()
  .max(TOURNAMENT_DESCRIPTION_MAX, { message: 'errors.fields.atMostCharacters' });
const playedOn = z.iso.date({ message: 'errors.fields.date' });
const instant = z.iso.datetime({
  offset: true,
  message: 'errors.fields.instant',
});

export const tournamentRoundInput = z.strictObject({
  number: z
    .number()
    .int()
    .min(1, { message: 'errors.tournaments.roundsFromOne' })
    .max(TOURNAMENT_MAX_ROUNDS, { message: 'errors.tournaments.atMostFourRounds' }),
  courseId: id,
  playedOn,
});

const divisionFields = {
  name: userText()
    .trim()
    .min(1, { message: 'errors.tournaments.divisionNameMissing' })
    .max(60, { message: 'errors.fields.atMostCharacters' }),
  teeId: id,
  minHandicapIndex: handicapIndex.optional(),
  maxHandicapIndex: handicapIndex.optional(),
};
const rangeInOrder = (d: { minHandicapIndex?: number | undefined; maxHandicapIndex?: number | undefined }) =>
  d.minHandicapIndex === undefined || d.maxHandicapIndex === undefined || d.minHandicapIndex <= d.maxHandicapIndex;
const rangeMessage = { message: 'errors.tournaments.handicapRangeOrder', path: ['minHandicapIndex'] };

export const divisionInput = z.strictObject(divisionFields).refine(rangeInOrder, rangeMessage);

/**
 * On update a division may name its `id`: that division is changed in place and keeps its entries; one
 * without an id is new; a division left out is removed, which is refused while it has entries (decision 0409).
 */
export const divisionUpdateInput = z
  .strictObject({ id: id.optional(), ...divisionFields })
  .refine(rangeInOrder, rangeMessage);

const tournamentFields = {
  name,
  description: description.optional(),
  visibility: tournamentVisibilitySchema,
  format: tournamentFormatSchema,
  allowancePercent: z
    .number()
    .int()
    .min(0, { message: 'errors.tournaments.allowanceRange' })
    .max(100, { message: 'errors.tournaments.allowanceRange' })
    .optional(),
  /** Default `countback`; fixed from `in_progress` on, like the format (decision 0423). */
  tieBreak: tieBreakSchema.optional(),
  maxHandicapIndex: handicapIndex.optional(),
  /** Players an entry has (docs/contract.md section 12): 2 in four-ball, foursomes and greensomes, 2 or 4 in scramble. */
  teamSize: z
    .number()
    .int()
    .min(1, { message: 'errors.tournaments.teamSizeRange' })
    .max(GROUP_MAX_PLAYERS, { message: 'errors.tournaments.teamSizeRange' })
    .optional(),
  entryLimit: z
    .number()
    .int()
    .min(1, { message: 'errors.tournaments.atLeastOnePlace' })
    .max(TOURNAMENT_MAX_ENTRY_LIMIT, { message: 'errors.tournaments.atMostPlaces' })
    .optional(),
  entriesCloseAt: instant.optional(),
  rounds: z
    .array(tournamentRoundInput)
    .min(1, { message: 'errors.tournaments.atLeastOneRound' })
    .max(TOURNAMENT_MAX_ROUNDS, { message: 'errors.tournaments.atMostFourRounds' }),
  divisions: z
    .array(divisionInput)
    .min(1, { message: 'errors.tournaments.atLeastOneDivision' })
    .max(TOURNAMENT_MAX_DIVISIONS, { message: 'errors.tournaments.atMostDivisions' }),
};

/** Rounds numbered 1..n without gaps, all on one course. */
function roundsAreConsistent(rounds: readonly z.infer<typeof tournamentRoundInput>[]): boolean {
  const numbers = rounds.map((r) => r.number).sort((a, b) => a - b);
  return numbers.every((n, i) => n === i + 1) && new Set(rounds.map((r) => r.courseId)).size === 1;
}
const roundsMessage = {
  message: 'errors.tournaments.roundsInOrder',
  path: ['rounds'],
};

export const tournamentInput = z
  .strictObject({ organizationId: id, ...tournamentFields })
  .refine((t) => roundsAreConsistent(t.rounds), roundsMessage);

/** PATCH: any fields of TournamentInput. */
export const tournamentUpdateInput = z
  .strictObject({
    organizationId: id,
    tournamentId: id,
    name: tournamentFields.name.optional(),
    description: description.nullable().optional(),
    visibility: tournamentFields.visibility.optional(),
    format: tournamentFields.format.optional(),
    allowancePercent: tournamentFields.allowancePercent,
    teamSize: tournamentFields.teamSize,
    tieBreak: tournamentFields.tieBreak,
    maxHandicapIndex: handicapIndex.nullable().optional(),
    entryLimit: tournamentFields.entryLimit.unwrap().nullable().optional(),
    entriesCloseAt: instant.nullable().optional(),
    rounds: tournamentFields.rounds.optional(),
    divisions: z
      .array(divisionUpdateInput)
      .min(1, { message: 'errors.tournaments.atLeastOneDivision' })
      .max(TOURNAMENT_MAX_DIVISIONS, { message: 'errors.tournaments.atMostDivisions' })
      .optional(),
  })
  .refine((t) => t.rounds === undefined || roundsAreConsistent(t.rounds), roundsMessage);

export const tournamentIdInput = z.strictObject({ organizationId: id, tournamentId: id });

export const setStatusInput = z.strictObject({
  organizationId: id,
  tournamentId: id,
  status: tournamentStatusSchema,
});

const guestInput = z.strictObject({
  name: userText()
    .trim()
    .min(1, { message: 'errors.fields.guestNameMissing' })
    .max(80, { message: 'errors.fields.atMostCharacters' }),
  handicapIndex: handicapIndex,
});

/** A player of a team an organizer enters: a member by account, or a guest by name and index. */
const teamPlayerInput = z.union([z.strictObject({ userId: id }), z.strictObject({ guest: guestInput })], {
  message: 'errors.tournaments.teamPlayer',
});

export const TEAM_NAME_MAX = 80;

/**
 * One of: nothing (enter myself), `userId` or `guest` (an organizer enters one player), `players` (an
 * organizer enters a team), `partnerUserId` (I enter my team with a member partner). `name` names a team.
 */
export const enterInput = z
  .strictObject({
    organizationId: id,
    tournamentId: id,
    userId: id.optional(),
    guest: guestInput.optional(),
    players: z
      .array(teamPlayerInput)
      .min(2, { message: 'errors.tournaments.teamSizeRange' })
      .max(GROUP_MAX_PLAYERS, { message: 'errors.tournaments.teamSizeRange' })
      .optional(),
    partnerUserId: id.optional(),
    name: userText()
      .trim()
      .min(1, { message: 'errors.tournaments.teamNameMissing' })
      .max(TEAM_NAME_MAX, { message: 'errors.fields.atMostCharacters' })
      .optional(),
    divisionId: id.optional(),
  })
  .refine((v) => [v.userId, v.guest, v.players, v.partnerUserId].filter((given) => given !== undefined).length <= 1, {
    message: 'errors.tournaments.userOrGuestNotBoth',
    path: ['userId'],
  });

export const withdrawInput = z.strictObject({ organizationId: id, tournamentId: id, entryId: id });

const roundNumber = z.coerce
  .number({ message: 'errors.tournaments.roundRange' })
  .int({ message: 'errors.tournaments.roundRange' })
  .min(1, { message: 'errors.tournaments.roundRange' })
  .max(TOURNAMENT_MAX_ROUNDS, { message: 'errors.tournaments.roundRange' });

export const setGroupsInput = z
  .strictObject({
    organizationId: id,
    tournamentId: id,
    round: roundNumber,
    groups: z
      .array(
        z.strictObject({
          startsAt: instant,
          tee: z.union([z.literal(1), z.literal(10)], { message: 'errors.tournaments.startingHole' }),
          entryIds: z
            .array(id)
            .min(1, { message: 'errors.tournaments.groupSize' })
            .max(GROUP_MAX_ENTRIES, { message: 'errors.tournaments.groupSize' }),
        }),
      )
      .max(TOURNAMENT_MAX_ENTRY_LIMIT)
      .optional(),
    generate: z
      .strictObject({
        firstStartsAt: instant,
        intervalMinutes: z
          .number()
          .int()
          .min(1, { message: 'errors.tournaments.intervalRange' })
          .max(GROUP_INTERVAL_MINUTES_MAX, { message: 'errors.tournaments.intervalRange' }),
        groupSize: z
          .number()
          .int()
          .min(1, { message: 'errors.tournaments.groupSize' })
          .max(GROUP_MAX_ENTRIES, { message: 'errors.tournaments.groupSize' }),
        /** 2: the first half of the groups off tee 1 and the second half off tee 10, from the same first start. */
        tees: z.union([z.literal(1), z.literal(2)], { message: 'errors.tournaments.teeCount' }).optional(),
      })
      .optional(),
  })
  .refine((v) => (v.groups === undefined) !== (v.generate === undefined), {
    message: 'errors.tournaments.groupsOrGenerate',
    path: ['groups'],
  });

const tournamentStrokes = z
  .number()
  .int()
  .min(1, { message: 'errors.fields.strokesRange' })
  .max(20, { message: 'errors.fields.strokesRange' })
  .nullable();

/**
 * `previousStrokes` (optional, as on a round: decision 0407): what the phone last saw on the hole. With it
 * the write happens only if the hole still holds that value (or already holds `strokes`), else 409.
 */
export const tournamentScoreInput = z.strictObject({
  organizationId: id,
  tournamentId: id,
  entryId: id,
  round: z
    .number()
    .int()
    .min(1, { message: 'errors.tournaments.roundRange' })
    .max(TOURNAMENT_MAX_ROUNDS, { message: 'errors.tournaments.roundRange' }),
  hole: z
    .number()
    .int()
    .min(1, { message: 'errors.tournaments.holeRange' })
    .max(HOLES_PER_TOURNAMENT_ROUND, { message: 'errors.tournaments.holeRange' }),
  strokes: tournamentStrokes,
  previousStrokes: tournamentStrokes.optional(),
  /** Four-ball: the player whose ball this is (`players[].id`); refused in every other format. */
  playerId: id.optional(),
});

export const signCardInput = z.strictObject({
  organizationId: id,
  tournamentId: id,
  entryId: id,
  round: z
    .number()
    .int()
    .min(1, { message: 'errors.tournaments.roundRange' })
    .max(TOURNAMENT_MAX_ROUNDS, { message: 'errors.tournaments.roundRange' }),
  unlock: z.literal(true).optional(),
});

export const publicTournamentsInput = z
  .strictObject({
    q: queryText(100),
    limit: queryNumber(z.number().int().min(1).max(PUBLIC_TOURNAMENTS_MAX_LIMIT)),
    cursor: queryText(200),
  })
  .optional();

/** Any text a link could carry: an unknown slug is 404, but a control character (NUL) never reaches a query. */
const slug = userText().min(1).max(200);
export const publicTournamentInput = z.strictObject({ slug });
export const publicLeaderboardInput = z.strictObject({ slug, division: id.optional() });
/** public.card: one player's hole-by-hole card on a public page (an addition to the contract, decision 0506). */
export const publicCardInput = z.strictObject({ slug, entryId: id });
export const onLeaderboardInput = z.strictObject({ slug, lastEventId: z.string().max(40).nullish() });

// ---- Answers: the output schemas (decision 0012) and their types ----

const divisionRef = z.object({ id: z.string(), name: z.string() });
const startTee = z.union([z.literal(1), z.literal(10)]);

export const tournamentRoundViewOutput = z.object({ number: z.number(), courseId: z.string(), playedOn: z.string() });
export type TournamentRoundView = z.infer<typeof tournamentRoundViewOutput>;

export const divisionViewOutput = z.object({
  id: z.string(),
  name: z.string(),
  teeId: z.string(),
  minHandicapIndex: z.number().optional(),
  maxHandicapIndex: z.number().optional(),
});
export type DivisionView = z.infer<typeof divisionViewOutput>;

const tournamentViewFields = {
  id: z.string(),
  slug: z.string(),
  status: tournamentStatusSchema,
  /** Entries in the field; those on the waiting list are `waitlistCount`. */
  entryCount: z.number(),
  waitlistCount: z.number(),
  name: z.string(),
  description: z.string().optional(),
  visibility: tournamentVisibilitySchema,
  format: tournamentFormatSchema,
  allowancePercent: z.number(),
  teamSize: z.number(),
  tieBreak: tieBreakSchema,
  maxHandicapIndex: z.number().optional(),
  entryLimit: z.number().optional(),
  entriesCloseAt: z.string().optional(),
  rounds: z.array(tournamentRoundViewOutput),
  divisions: z.array(divisionViewOutput),
};
export const tournamentViewOutput = z.object({
  ...tournamentViewFields,
  /** When the start list was first mailed to the players (docs/contract.md section 13); absent before. */
  startListPublishedAt: z.string().optional(),
  organizationId: z.string(),
  organization: z.object({ id: z.string(), name: z.string() }),
});
export type TournamentView = z.infer<typeof tournamentViewOutput>;
/**
 * One tournament for its organization's members (tournaments.get): with the course it is played on, as
 * the tournament holds it. The members read the course through their tournament, not through the course's
 * own visibility: a personal course its owner has made private, or the played version a later edit left
 * (decision 0417), is still the course of their tournament.
 */
export const tournamentDetailOutput = tournamentViewOutput.extend({ course: courseOutput });
export type TournamentDetail = z.infer<typeof tournamentDetailOutput>;
export const tournamentsOutput = z.object({ tournaments: z.array(tournamentViewOutput) });
export const publishStartListOutput = z.object({
  publishedAt: z.string(),
  /** The players told by this call: all with an account at the first publication, then those moved since. */
  notified: z.number(),
});

/** On a public page the organization is named, not identified. */
export const publicTournamentViewOutput = z.object({
  ...tournamentViewFields,
  organization: z.object({ name: z.string() }),
});
export type PublicTournamentView = z.infer<typeof publicTournamentViewOutput>;
export const publicTournamentsOutput = z.object({
  tournaments: z.array(publicTournamentViewOutput),
  nextCursor: z.string().optional(),
});

const entryGroups = z.array(z.object({ round: z.number(), startsAt: z.string(), tee: startTee }));
/** On the waiting list (docs/contract.md section 13): `waitlistPosition` 1 moves up next. Absent in the field. */
const waiting = { waitlisted: z.literal(true).optional(), waitlistPosition: z.number().optional() };

export const playerEntryViewOutput = z.object({
  id: z.string(),
  division: divisionRef,
  player: z.object({ userId: z.string().optional(), name: z.string() }),
  handicapIndex: z.number(),
  courseHandicap: z.number(),
  playingHandicap: z.number(),
  groups: entryGroups,
  ...waiting,
});
export type PlayerEntryView = z.infer<typeof playerEntryViewOutput>;

/**
 * A team's entry (docs/contract.md section 12): `players[].playingHandicap` in four-ball, where each player
 * has one; the team's `playingHandicap` is the side's one in the one-ball formats and the sum of the
 * players' in four-ball (what `lowest_handicap` compares).
 */
export const teamEntryViewOutput = z.object({
  id: z.string(),
  division: divisionRef,
  name: z.string(),
  players: z.array(
    z.object({
      id: z.string(),
      userId: z.string().optional(),
      name: z.string(),
      handicapIndex: z.number(),
      courseHandicap: z.number(),
      playingHandicap: z.number().optional(),
    }),
  ),
  playingHandicap: z.number(),
  groups: entryGroups,
  ...waiting,
});
export type TeamEntryView = z.infer<typeof teamEntryViewOutput>;

export const entryViewOutput = z.union([playerEntryViewOutput, teamEntryViewOutput]);
export type EntryView = z.infer<typeof entryViewOutput>;

export const entriesOutput = z.object({ entries: z.array(entryViewOutput) });

export const groupViewOutput = z.object({
  id: z.string(),
  round: z.number(),
  startsAt: z.string(),
  tee: startTee,
  entries: z.array(entryViewOutput),
});
export type GroupView = z.infer<typeof groupViewOutput>;
export const groupsOutput = z.object({ groups: z.array(groupViewOutput) });

/** A group on a public page: players by name only. */
export const publicGroupViewOutput = z.object({
  id: z.string(),
  round: z.number(),
  startsAt: z.string(),
  tee: startTee,
  /** An entry by name; a team's with its players by name. */
  entries: z.array(
    z.object({ id: z.string(), name: z.string(), players: z.array(z.string()).optional(), division: divisionRef }),
  ),
});
export type PublicGroupView = z.infer<typeof publicGroupViewOutput>;

export const cardViewOutput = z.object({
  entryId: z.string(),
  round: z.number(),
  signedByPlayer: z.boolean(),
  signedByMarker: z.boolean(),
  locked: z.boolean(),
});
export type CardView = z.infer<typeof cardViewOutput>;

export const leaderboardRowViewOutput = z.object({
  position: z.string(),
  entryId: z.string(),
  /** The player's name, or the team's in a team format, with its players by name in `players`. */
  name: z.string(),
  players: z.array(z.string()).optional(),
  thru: z.union([z.number(), z.literal('F')]),
  toPar: z.number(),
  strokes: z.number(),
  points: z.number().optional(),
  rounds: z.array(z.number()),
  /** The frozen playing handicap, shown on result lists as clubs post them (decision 0422). */
  playingHandicap: z.number(),
  /** The current round's front and back nine: strokes as `strokes` counts them, points in Stableford. */
  out: z.number().nullable(),
  in: z.number().nullable(),
  /**
   * The comparison that gave a row tied on its value a position of its own (decision 0423); absent on a row
   * no tie-break placed, and on rows still sharing a position.
   */
  decidedBy: tieDeciderSchema.optional(),
});
export type LeaderboardRowView = z.infer<typeof leaderboardRowViewOutput>;

/**
 * One of the caller's own entries (tournaments.mine, decision 0421): where and when they start each round,
 * with whom, and their leaderboard row once the tournament is played. Their club is named and identified:
 * the caller is its member.
 */
export const myTournamentViewOutput = z.object({
  tournament: z.object({
    id: z.string(),
    organizationId: z.string(),
    organization: z.object({ name: z.string() }),
    name: z.string(),
    slug: z.string(),
    status: tournamentStatusSchema,
    format: tournamentFormatSchema,
    visibility: tournamentVisibilitySchema,
  }),
  entryId: z.string(),
  division: z.object({ name: z.string() }),
  rounds: z.array(
    z.object({
      number: z.number(),
      playedOn: z.string(),
      startsAt: z.string().nullable(),
      tee: startTee.nullable(),
      partners: z.array(z.string()),
    }),
  ),
  result: leaderboardRowViewOutput.nullable(),
  /** On the waiting list: the place, 1 moving up next (decision 0427). */
  waitlistPosition: z.number().optional(),
});
export type MyTournamentView = z.infer<typeof myTournamentViewOutput>;
export const myTournamentsOutput = z.object({ tournaments: z.array(myTournamentViewOutput) });

export const leaderboardViewOutput = z.object({
  divisions: z.array(z.object({ id: z.string(), name: z.string(), rows: z.array(leaderboardRowViewOutput) })),
  updatedAt: z.string(),
});
export type LeaderboardView = z.infer<typeof leaderboardViewOutput>;

/** public.tournament: the information, the start lists, the leaderboard, and the course by name (decision 0506). */
export const publicTournamentPageOutput = z.object({
  tournament: publicTournamentViewOutput,
  groups: z.array(publicGroupViewOutput),
  leaderboard: leaderboardViewOutput,
  course: z.object({ name: z.string() }).optional(),
});
export type PublicTournamentPage = z.infer<typeof publicTournamentPageOutput>;

/**
 * A player's card on a public page: the name and the playing handicap, as the leaderboard (no index, no
 * account), with the strokes it gives on each hole so a spectator reads net and points per hole.
 */
export const publicCardViewOutput = z.object({
  entryId: z.string(),
  name: z.string(),
  players: z.array(z.string()).optional(),
  division: divisionRef,
  format: tournamentFormatSchema,
  playingHandicap: z.number(),
  holes: z.array(z.object({ number: z.number(), par: z.number(), strokeIndex: z.number() })),
  /** Strokes received on holes 1..18 (negative: a plus handicap gives back). */
  strokesReceived: z.array(z.number()),
  /**
   * Every round of the tournament, 18 holes each (null: not played). Four-ball: each hole is the ball that
   * counted, with the strokes it received in `strokesReceived` (then not the top-level one).
   */
  rounds: z.array(
    z.object({
      number: z.number(),
      strokes: z.array(z.number().nullable()),
      strokesReceived: z.array(z.number()).optional(),
    }),
  ),
});
export type PublicCardView = z.infer<typeof publicCardViewOutput>;

/** tournaments.resultsCsv: the file's text and name (REST sends it as text/csv). */
export const resultsCsvOutput = z.object({ csv: z.string(), filename: z.string() });

/** The paper (decision 0431): a PDF, base64 over tRPC; REST sends its bytes as application/pdf. */
export const pdfFileOutput = z.object({ pdf: z.string(), filename: z.string() });

/** What tournaments.onLeaderboard sends; parsed where each update is made (decision 0012). */
export const leaderboardUpdateOutput = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('snapshot'), leaderboard: leaderboardViewOutput }),
  z.object({
    kind: z.literal('rows'),
    /** Rows new in their division or changed in any field; replace the row of that entry in that division. */
    rows: z.array(leaderboardRowViewOutput.extend({ divisionId: z.string() })),
    /** Entries no longer in that division (withdrawn, or moved to another: then also in `rows`). */
    removed: z.array(z.object({ divisionId: z.string(), entryId: z.string() })).optional(),
    updatedAt: z.string(),
  }),
]);
export type LeaderboardUpdate = z.infer<typeof leaderboardUpdateOutput>;

/** tournaments.cards (decision 0505): the cards of one round the caller keeps. */
export const cardsInput = z.strictObject({ organizationId: id, tournamentId: id, round: roundNumber });

/** A player's own ball on a four-ball card: whose, off which handicap, and its strokes. */
export const cardBallOutput = z.object({
  playerId: z.string(),
  name: z.string(),
  playingHandicap: z.number(),
  strokes: z.array(z.number().nullable()),
  strokesReceived: z.array(z.number()),
});
export type CardBall = z.infer<typeof cardBallOutput>;

export const tournamentCardViewOutput = z.object({
  entryId: z.string(),
  /** The player's name, or the team's, with its players by name in `players`. */
  name: z.string(),
  players: z.array(z.string()).optional(),
  /**
   * Four-ball: each player's own ball. The card's `strokes` and `strokesReceived` are then the ball that
   * counted on each hole (the better ball), and `playingHandicap` the team's sum.
   */
  balls: z.array(cardBallOutput).optional(),
  division: divisionRef,
  playingHandicap: z.number(),
  /** `self`: my own card; `marker`: a card of my group (I mark it); `admin`: an organizer's view. */
  relation: z.enum(['self', 'marker', 'admin']),
  /** Holes 1..18, null where nothing is entered. */
  strokes: z.array(z.number().nullable()),
  /** Strokes received on holes 1..18 from the playing handicap (negative: a plus handicap gives back). */
  strokesReceived: z.array(z.number()),
  /** Metres of holes 1..18 from the division's tee (null where the course gives none). */
  lengths: z.array(z.number().nullable()),
  signedByPlayer: z.boolean(),
  signedByMarker: z.boolean(),
  locked: z.boolean(),
});
export type TournamentCardView = z.infer<typeof tournamentCardViewOutput>;

export const tournamentCardsViewOutput = z.object({
  round: z.number(),
  holes: z.array(z.object({ hole: z.number(), par: z.number(), strokeIndex: z.number() })),
  /** My group in this round, if I have one. */
  group: z.object({ startsAt: z.string(), tee: startTee }).nullable(),
  myEntryId: z.string().nullable(),
  cards: z.array(tournamentCardViewOutput),
});
export type TournamentCardsView = z.infer<typeof tournamentCardsViewOutput>;
