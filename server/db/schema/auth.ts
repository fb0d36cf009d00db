import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, requiredReference, serialKey, timestamptz, uuidKey } from './columns';
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
    id: uuidKey(),
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
    expiresAt: timestamptz('expires_at').notNull(),
    consumedAt: timestamptz('consumed_at'),
    invalidatedAt: timestamptz('invalidated_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('verification_target_idx').on(t.purpose, t.target, t.createdAt),
    index('verification_user_idx').on(t.userId),
  ],
);

export const recoveryCode = pgTable(
  'recovery_code',
  {
    id: uuidKey(),
    userId: requiredReference('user_id', () => appUser.id, 'cascade'),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamptz('used_at'),
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
  expiresAt: timestamptz('expires_at').notNull(),
});

/** One row per counted event; limits count rows in a sliding window (docs/contract.md section 6). */
export const rateLimitHit = pgTable(
  'rate_limit_hit',
  {
    id: serialKey(),
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    at: timestamptz('at').notNull().defaultNow(),
  },
  (t) => [index('rate_limit_hit_lookup_idx').on(t.bucket, t.key, t.at)],
);
