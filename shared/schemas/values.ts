import { z } from 'zod';
import {
  CHAT_EVENT_KINDS,
  COURSE_KINDS,
  FEED_ITEM_KINDS,
  FEED_TOTAL_UNITS,
  HIGHLIGHT_KINDS,
  LANGUAGES,
  PLAYS_WITH,
  ROLES,
  ROUND_FORMATS,
  ROUND_HOLES,
  ROUND_STATUSES,
  SESSION_STAGES,
  TEE_GENDERS,
  TIE_BREAKS,
  TIE_DECIDERS,
  TOURNAMENT_FORMATS,
  TOURNAMENT_STATUSES,
  TOURNAMENT_VISIBILITIES,
  TWO_FACTOR_METHODS,
} from '../values';

/**
 * The zod enum of each list in shared/values.ts (decision 0013), kept apart from the lists so the app's
 * chunks need not carry zod. The inputs' messages are keys of the errors catalogue that word the values zod
 * reports on the issue, so they follow the list when it changes.
 */
export const roleSchema = z.enum(ROLES, { message: 'errors.values.role' });
export const twoFactorMethodSchema = z.enum(TWO_FACTOR_METHODS);
export const languageSchema = z.enum(LANGUAGES, { message: 'errors.values.language' });
export const playsWithSchema = z.enum(PLAYS_WITH, { message: 'errors.values.playsWith' });
export const sessionStageSchema = z.enum(SESSION_STAGES);
export const courseKindSchema = z.enum(COURSE_KINDS);
export const teeGenderSchema = z.enum(TEE_GENDERS);
export const roundFormatSchema = z.enum(ROUND_FORMATS, {
  message: 'errors.values.format',
});
export const roundHolesSchema = z.enum(ROUND_HOLES, { message: 'errors.values.roundHoles' });
export const roundStatusSchema = z.enum(ROUND_STATUSES);
export const tournamentFormatSchema = z.enum(TOURNAMENT_FORMATS, {
  message: 'errors.values.format',
});
export const tournamentVisibilitySchema = z.enum(TOURNAMENT_VISIBILITIES, {
  message: 'errors.values.visibility',
});
export const tournamentStatusSchema = z.enum(TOURNAMENT_STATUSES, { message: 'errors.values.unknownStatus' });
export const tieBreakSchema = z.enum(TIE_BREAKS, { message: 'errors.values.tieBreak' });
export const tieDeciderSchema = z.enum(TIE_DECIDERS);
export const feedItemKindSchema = z.enum(FEED_ITEM_KINDS);
export const highlightKindSchema = z.enum(HIGHLIGHT_KINDS);
export const feedTotalUnitSchema = z.enum(FEED_TOTAL_UNITS);
export const chatEventKindSchema = z.enum(CHAT_EVENT_KINDS);
