import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { appUser } from './users';

/**
 * SPEC.md section 2: only the SHA-256 of the 32-byte token is stored, and a keyed hash of the 6-digit code
 * that is bound to the same request. `invalidatedAt` marks links superseded by a newer one or whose code
 * was guessed at too often.
 */
export const magicLinkToken = pgTable(
  'magic_link_token',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    codeHash: text('code_hash').notNull(),
    codeAttempts: integer('code_attempts').notNull().default(0),
    requestIp: text('request_ip'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    invalidatedAt: timestamp('invalidated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('magic_link_token_email_idx').on(t.email, t.createdAt)],
);

/**
 * Every other e-mailed link or code (2FA codes, 2FA e-mail enrolment, adding an address, account merge):
 * one mechanism keyed by user, purpose and target address.
 */
export const emailChallenge = pgTable(
  'email_challenge',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['two_factor', 'two_factor_setup', 'add_email', 'merge'] }).notNull(),
    targetEmail: text('target_email').notNull(),
    tokenHash: text('token_hash').unique(),
    codeHash: text('code_hash'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    invalidatedAt: timestamp('invalidated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_challenge_user_idx').on(t.userId, t.purpose, t.createdAt)],
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
  method: text('method', { enum: ['totp', 'email'] }).notNull(),
  /** Encrypted TOTP secret; null for the e-mail method. */
  secret: text('secret'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** One row per counted event; limits count rows in a sliding window (CONTRACT.md section 6). */
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
