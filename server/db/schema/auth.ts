import { bigserial, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { TWO_FACTOR_METHODS } from '../../../shared/values';
import { appUser } from './users';

export const VERIFICATION_PURPOSES = [
  'sign_in',
  'two_factor',
  'two_factor_setup',
  'add_email',
  'merge',
  'invitation',
  'account_deletion',
] as const;

/**
 * Every link and code the service mails (server/auth/verification.ts): the sign-in link and its code
 * (docs/access.md's `magic_link_token`), the e-mailed 2FA and enrolment codes, the address and merge
 * confirmations, and organization invitations. Keyed by purpose and target: the address for a sign-in,
 * the user for the user's own confirmations, organization and address for an invitation. Only the SHA-256
 * of a link token is stored, and a keyed hash of a code bound to its row. `invalidatedAt` marks a row
 * superseded by a newer one of the same purpose and target, or whose code was guessed at too often.
 */
export const verification = pgTable(
  'verification',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: text('purpose', { enum: VERIFICATION_PURPOSES }).notNull(),
    target: text('target').notNull(),
    /** The account it belongs to, when one exists already: its deletion takes the row with it. */
    userId: uuid('user_id').references(() => appUser.id, { onDelete: 'cascade' }),
    /** The address the link or code was mailed to. */
    email: text('email').notNull(),
    tokenHash: text('token_hash').unique(),
    codeHash: text('code_hash'),
    attempts: integer('attempts').notNull().default(0),
    requestIp: text('request_ip'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    invalidatedAt: timestamp('invalidated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('verification_target_idx').on(t.purpose, t.target, t.createdAt),
    index('verification_user_idx').on(t.userId),
  ],
);

export const recoveryCode = pgTable(
  'recovery_code',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('recovery_code_user_idx').on(t.userId)],
);

/** A TOTP or e-mail enrolment started but not yet confirmed: nothing about the user changes until then. */
export const twoFactorSetup = pgTable('two_factor_setup', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => appUser.id, { onDelete: 'cascade' }),
  method: text('method', { enum: TWO_FACTOR_METHODS }).notNull(),
  /** Encrypted TOTP secret; null for the e-mail method. */
  secret: text('secret'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** One row per counted event; limits count rows in a sliding window (docs/contract.md section 6). */
export const rateLimitHit = pgTable(
  'rate_limit_hit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rate_limit_hit_lookup_idx').on(t.bucket, t.key, t.at)],
);
