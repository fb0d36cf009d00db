import { zodIssues } from '../../server/trpc/errors';
import { getTableColumns } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/client';
import {
  chatEvent,
  chatMessage,
  course,
  FEED_EVENT_KINDS,
  feedEvent,
  feedItem,
  organizationInvitation,
  organizationMembership,
  round,
  tee,
  tournament,
  twoFactorSetup,
} from '../../server/db/schema';
import * as schemas from '../../shared/schemas/values';
import {
  CHAT_EVENT_KINDS,
  COURSE_KINDS,
  FEED_ITEM_KINDS,
  LABELLED_LISTS,
  LANGUAGES,
  ROLES,
  ROUND_FORMATS,
  ROUND_HOLES,
  ROUND_STATUSES,
  TEE_GENDERS,
  TIE_BREAKS,
  TIE_DECIDERS,
  TOURNAMENT_FORMATS,
  TOURNAMENT_STATUSES,
  TOURNAMENT_VISIBILITIES,
  TWO_FACTOR_METHODS,
} from '../../shared/values';
import { texts } from '../../server/texts';
import { createTestDatabase, databaseKinds } from '../helpers/db';
import { createOrganization, createUser } from '../helpers/factories';

/**
 * The value lists of shared/values.ts (decision 0013): every value has a label in every language, the
 * server's zod enums take exactly the list, and the database takes exactly the list where it checks one.
 */

const UNKNOWN = 'not_in_the_list';

describe('each labelled list', () => {
  for (const [name, { values, labels }] of Object.entries(LABELLED_LISTS)) {
    it(`${name} has distinct values and a non-empty label for each, in ${LANGUAGES.join(' and ')}`, () => {
      expect(values.length).toBeGreaterThan(0);
      expect(new Set(values).size).toBe(values.length);
      for (const language of LANGUAGES) {
        const table: Record<string, string> = labels[language];
        expect(Object.keys(table).sort()).toEqual([...values].sort());
        for (const value of values) expect(table[value]?.trim(), `${name}.${language}.${value}`).toBeTruthy();
      }
    });
  }

  it('shows Norwegian and English apart where the words differ', () => {
    expect(LABELLED_LISTS.role.labels.nb.owner).toBe('Eier');
    expect(LABELLED_LISTS.role.labels.en.owner).toBe('Owner');
  });

  it('is the values area of the catalogues, which the server renders under the same names (decision 0025)', () => {
    for (const [name, { values, labels }] of Object.entries(LABELLED_LISTS)) {
      for (const language of LANGUAGES) {
        const table: Record<string, string> = labels[language];
        for (const value of values) expect(texts.text(language, `values.${name}.${value}`)).toBe(table[value]);
      }
    }
    expect(texts.text('en', 'values.tournamentStatusPublic.open')).toBe('Entries open');
  });
});

describe('the zod enums', () => {
  const cases: [
    string,
    { options: readonly string[]; safeParse(v: unknown): { success: boolean } },
    readonly string[],
  ][] = [
    ['role', schemas.roleSchema, ROLES],
    ['two-factor method', schemas.twoFactorMethodSchema, TWO_FACTOR_METHODS],
    ['course kind', schemas.courseKindSchema, COURSE_KINDS],
    ['tee gender', schemas.teeGenderSchema, TEE_GENDERS],
    ['round format', schemas.roundFormatSchema, ROUND_FORMATS],
    ['round holes', schemas.roundHolesSchema, ROUND_HOLES],
    ['round status', schemas.roundStatusSchema, ROUND_STATUSES],
    ['tournament format', schemas.tournamentFormatSchema, TOURNAMENT_FORMATS],
    ['tournament visibility', schemas.tournamentVisibilitySchema, TOURNAMENT_VISIBILITIES],
    ['tournament status', schemas.tournamentStatusSchema, TOURNAMENT_STATUSES],
    ['tie-break', schemas.tieBreakSchema, TIE_BREAKS],
    ['tie decider', schemas.tieDeciderSchema, TIE_DECIDERS],
    ['feed item kind', schemas.feedItemKindSchema, FEED_ITEM_KINDS],
    ['chat event kind', schemas.chatEventKindSchema, CHAT_EVENT_KINDS],
  ];
  it.each(cases)('%s takes exactly the list', (_name, schema, list) => {
    expect(schema.options).toEqual(list);
    for (const value of list) expect(schema.safeParse(value).success).toBe(true);
    expect(schema.safeParse(UNKNOWN).success).toBe(false);
  });

  it('name the list in the message a client sees', () => {
    const result = schemas.roleSchema.safeParse('chairman');
    expect(result.success).toBe(false);
    expect(zodIssues(result.error!)[0]?.message).toBe('Rollen må være owner, admin eller member.');
  });
});

describe('the schema columns without a database check', () => {
  // Adding a check to these would be a migration (decision 0013); the schema at least types them by the list.
  it.each([
    ['tournament.format', getTableColumns(tournament).format.enumValues, TOURNAMENT_FORMATS],
    ['tournament.visibility', getTableColumns(tournament).visibility.enumValues, TOURNAMENT_VISIBILITIES],
    ['tournament.status', getTableColumns(tournament).status.enumValues, TOURNAMENT_STATUSES],
    ['round.format', getTableColumns(round).format.enumValues, ROUND_FORMATS],
    ['round.holes', getTableColumns(round).holes.enumValues, ROUND_HOLES],
    ['round.status', getTableColumns(round).status.enumValues, ROUND_STATUSES],
    ['course.kind', getTableColumns(course).kind.enumValues, COURSE_KINDS],
    ['tee.gender', getTableColumns(tee).gender.enumValues, TEE_GENDERS],
    ['two_factor_setup.method', getTableColumns(twoFactorSetup).method.enumValues, TWO_FACTOR_METHODS],
    ['organization_invitation.role', getTableColumns(organizationInvitation).role.enumValues, ROLES],
  ] as const)('%s is typed by the shared list', (_name, enumValues, list) => {
    expect(enumValues).toEqual(list);
  });
});

/** The check constraint that refused the write, or null when the write went through. */
async function refusedBy(work: Promise<unknown>): Promise<string | null> {
  return work.then(
    () => null,
    (e: { cause?: { message?: string }; message?: string }) => {
      const message = e.cause?.message ?? e.message ?? '';
      return /violates check constraint "([^"]+)"/.exec(message)?.[1] ?? message;
    },
  );
}

describe.each(databaseKinds())('the database on %s', (kind) => {
  let handle: DatabaseHandle;
  let organizationId: string;
  let messageId: string;

  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    organizationId = (await createOrganization(handle.db)).id;
    const [message] = await handle.db
      .insert(chatMessage)
      .values({ organizationId, authorName: 'Kari', text: 'Hei' })
      .returning({ id: chatMessage.id });
    messageId = message!.id;
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('takes every two-factor method, and no other', async () => {
    for (const method of TWO_FACTOR_METHODS) {
      await expect(refusedBy(createUser(handle.db, { twoFactorMethod: method }))).resolves.toBeNull();
    }
    await expect(refusedBy(createUser(handle.db, { twoFactorMethod: UNKNOWN as never }))).resolves.toBe(
      'app_user_two_factor_method_valid',
    );
  });

  it('takes every role, and no other', async () => {
    for (const role of ROLES) {
      const user = await createUser(handle.db);
      const insert = handle.db.insert(organizationMembership).values({ organizationId, userId: user.id, role });
      await expect(refusedBy(insert)).resolves.toBeNull();
    }
    const user = await createUser(handle.db);
    const insert = handle.db
      .insert(organizationMembership)
      .values({ organizationId, userId: user.id, role: UNKNOWN as never });
    await expect(refusedBy(insert)).resolves.toBe('organization_membership_role_valid');
  });

  it('takes every chat event kind, and no other', async () => {
    const write = (kind: string) =>
      handle.db.insert(chatEvent).values({ organizationId, messageId, kind: kind as never });
    for (const value of CHAT_EVENT_KINDS) await expect(refusedBy(write(value))).resolves.toBeNull();
    await expect(refusedBy(write(UNKNOWN))).resolves.toBe('chat_event_kind_valid');
  });

  it('takes every feed item kind and feed event kind, and no other', async () => {
    const item = (kind: string) =>
      handle.db
        .insert(feedItem)
        .values({ kind: kind as never, at: new Date(), payload: {}, source: `test:${kind}` })
        .returning({ id: feedItem.id });
    let itemId = '';
    for (const value of FEED_ITEM_KINDS) {
      const rows = await item(value);
      itemId = rows[0]!.id;
    }
    await expect(refusedBy(item(UNKNOWN))).resolves.toBe('feed_item_kind_valid');

    const event = (kind: string) => handle.db.insert(feedEvent).values({ itemId, kind: kind as never });
    for (const value of FEED_EVENT_KINDS) await expect(refusedBy(event(value))).resolves.toBeNull();
    await expect(refusedBy(event(UNKNOWN))).resolves.toBe('feed_event_kind_valid');
  });
});
