import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, handicapIndexColumn, requiredReference, timestamptz, uuidKey } from './columns';
import { LANGUAGES, PLAYS_WITH, TWO_FACTOR_METHODS } from '../../../shared/values';
import { isOneOf } from './checks';

/** docs/access.md section 2. Addresses are stored lower-cased; comparisons are case-insensitive by construction. */
export const appUser = pgTable(
  'app_user',
  {
    id: uuidKey(),
    email: text('email').notNull().unique(),
    name: text('name'),
    handicapIndex: handicapIndexColumn('handicap_index'),
    passwordHash: text('password_hash'),
    twoFactorMethod: text('two_factor_method', { enum: TWO_FACTOR_METHODS }),
    /** AES-GCM encrypted with a key derived from SESSION_SECRET (server/auth/crypto.ts). */
    totpSecret: text('totp_secret'),
    /** The last TOTP time step accepted: a step is usable once per user. */
    totpLastStep: integer('totp_last_step'),
    isSuperAdmin: boolean('is_super_admin').notNull().default(false),
    /** Bumped to end every earlier session at once (password change, sign out everywhere, 2FA change). */
    sessionVersion: integer('session_version').notNull().default(0),
    createdAt: createdAt(),
    /** The language the account chose for the app, errors and mails (decision 0108); null follows the browser. */
    language: text('language', { enum: LANGUAGES }),
    /** Which index rounds and tournaments freeze (decision 0419): the entered one unless the player chooses. */
    playsWith: text('plays_with', { enum: PLAYS_WITH }).notNull().default('entered'),
    /** The handicap record's index (server/handicap/record.ts), kept with every change to the record. */
    calculatedIndex: handicapIndexColumn('calculated_index'),
  },
  (t) => [
    check('app_user_email_lower', sql`${t.email} = lower(${t.email})`),
    check('app_user_two_factor_method_valid', isOneOf(t.twoFactorMethod, TWO_FACTOR_METHODS)),
    check('app_user_plays_with_valid', isOneOf(t.playsWith, PLAYS_WITH)),
    check('app_user_language_valid', isOneOf(t.language, LANGUAGES)),
  ],
);

export const userSecondaryEmail = pgTable(
  'user_secondary_email',
  {
    userId: requiredReference('user_id', () => appUser.id, 'cascade'),
    email: text('email').notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.email] }),
    check('user_secondary_email_lower', sql`${t.email} = lower(${t.email})`),
  ],
);

/** Tokens ended by logout, kept (by hash) until they would have expired anyway. */
export const revokedSession = pgTable(
  'revoked_session',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [index('revoked_session_expires_idx').on(t.expiresAt)],
);
