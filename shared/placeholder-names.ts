/**
 * The names the API gives someone who has none (its words are Norwegian, decision 0020): a round's or a
 * tournament's player without a name (also what a deleted player's card keeps, drizzle/0003), a chat
 * message's author without a name (decision 0600), and a deleted account's messages (decision 0107). The
 * app shows them in the reader's language (client/src/i18n/names.ts).
 */
export const UNNAMED_PLAYER = 'Uten navn';
export const UNNAMED_MEMBER = 'Medlem uten navn';
export const DELETED_ACCOUNT = 'Slettet konto';
