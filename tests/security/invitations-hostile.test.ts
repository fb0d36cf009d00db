import { beforeEach, describe, expect, it } from 'vitest';
import { LIMITS } from '../../server/auth/rate-limit';
import { SESSION_COOKIE } from '../../server/auth/session-token';
import type { UserRow } from '../../server/auth/users';
import { sessionTokenFor } from '../helpers/caller';
import { databaseKinds } from '../helpers/db';
import { addMember, createOrganization, createUser, uniqueEmail } from '../helpers/factories';
import { linkFromMail, mailsTo } from '../helpers/mail';
import { fire, serverErrors, statuses, TRANSPORTS, useDepsAndServer, type Client } from '../helpers/transport';
import { insertInvitation, signInByMagicLink } from '../organizations/support';

/**
 * A hostile client against the invitation procedures (docs/organizations.md, "The join page" and
 * "Pending invitations"), through the real server: each request fired 50 times at once, another
 * organization's ids, tokens no mail ever carried. Whatever happens: no 5xx, one outcome per invitation, no
 * mail beyond what one resend sends, nothing of another organization.
 */
const TIMES = 50;
const READ_LIMIT = LIMITS.invitationReadsPerUser.max;
const GUESSES = LIMITS.invitationGuessesPerUser.max;

describe.each(databaseKinds())('hostile clients of invitations on %s', (kind) => {
  const s = useDepsAndServer(undefined, { db: kind });
  // Fresh limit windows for every test: the limits are the subject of one test only.
  beforeEach(() => s.deps.clock.advance(LIMITS.invitationReadsPerUser.windowSeconds + 1));

  const rest = (user: Pick<UserRow, 'id' | 'sessionVersion'>): Promise<Client> => s.as(user, 'rest');

  async function club() {
    const org = await createOrganization(s.deps.db, `Klubb ${crypto.randomUUID().slice(0, 8)}`);
    const owner = await createUser(s.deps.db, { name: 'Olav Eier' });
    const admin = await createUser(s.deps.db, { name: 'Anne Admin' });
    const member = await createUser(s.deps.db, { name: 'Mona Medlem' });
    await addMember(s.deps.db, org.id, owner.id, 'owner');
    await addMember(s.deps.db, org.id, admin.id, 'admin');
    await addMember(s.deps.db, org.id, member.id, 'member');
    return { org, owner, admin, member };
  }

  /** A pending invitation, made without mail (every mail to the address counted is then the test's). */
  async function pending(owner: UserRow, organizationId: string) {
    const email = uniqueEmail('invitert');
    const token = await insertInvitation(s.deps, { organizationId, email, role: 'member' });
    const list = await (await rest(owner)).call('orgs.invitations', { organizationId });
    const id: string = list.body.invitations.find((i: { email: string }) => i.email === email).id;
    return { email, token, id };
  }

  const pendingEmails = async (owner: UserRow, organizationId: string): Promise<string[]> =>
    (await (await rest(owner)).call('orgs.invitations', { organizationId })).body.invitations.map(
      (i: { email: string }) => i.email,
    );

  describe('races', () => {
    it(`orgs.invitation read 50 times at once: exactly ${READ_LIMIT} answers, the rest 429 with Retry-After`, async () => {
      const { org, owner } = await club();
      const { email, token } = await pending(owner, org.id);
      const invitee = await rest(await createUser(s.deps.db, { email }));
      const outcomes = await fire(TIMES, () => invitee.call('orgs.invitation', { token }));
      expect(serverErrors(outcomes), JSON.stringify(statuses(outcomes))).toEqual([]);
      expect(statuses(outcomes)).toEqual({ '200': READ_LIMIT, '429 RATE_LIMITED': TIMES - READ_LIMIT });
      expect(outcomes.filter((o) => o.status === 429).every((o) => o.retryAfter! > 0)).toBe(true);
      // Reading consumed nothing: the link still joins.
      expect((await invitee.call('orgs.acceptInvitation', { token })).body.organization.id).toBe(org.id);
    });

    it('resend and cancel of one invitation, by two admins, 50 at once: one of them happens, the rest 404', async () => {
      const { org, owner, admin } = await club();
      const { email, token, id } = await pending(owner, org.id);
      const clients = [await rest(owner), await rest(admin)];
      const ids = { organizationId: org.id, invitationId: id };
      const outcomes = await fire(TIMES, (i) =>
        clients[i % 2]!.call(i % 4 < 2 ? 'orgs.resendInvitation' : 'orgs.cancelInvitation', ids),
      );
      expect(serverErrors(outcomes), JSON.stringify(statuses(outcomes))).toEqual([]);
      const happened = outcomes.flatMap((o, i) => (o.status === 200 ? [i % 4 < 2 ? 'resent' : 'cancelled'] : []));
      // Whichever came first, the invitation was no longer pending for all the others.
      expect(happened).toHaveLength(1);
      expect(statuses(outcomes)).toEqual({ '200': 1, '404 NOT_FOUND': TIMES - 1 });
      const resent = happened[0] === 'resent';
      expect(mailsTo(s.deps, email)).toHaveLength(resent ? 1 : 0);
      expect(await pendingEmails(owner, org.id)).toEqual(resent ? [email] : []);
      // The old link is void either way; after a cancel, signing in with the address joins nothing.
      const invitee = await rest(await createUser(s.deps.db, { email }));
      expect((await invitee.call('orgs.acceptInvitation', { token })).error?.code).toBe('INVALID_LINK');
      if (!resent) {
        await signInByMagicLink(s.deps, email);
        const members = await (await rest(owner)).call('orgs.members', { organizationId: org.id });
        expect(members.body.members.map((m: { email: string }) => m.email)).not.toContain(email);
      }
    });

    it('one address invited by eight admins at once, and its old invitation resent: one open invitation, one working link', async () => {
      const { org, owner, admin } = await club();
      const admins = [owner, admin];
      while (admins.length < 8) {
        const another = await createUser(s.deps.db, { name: `Ekstra Admin ${admins.length}` });
        await addMember(s.deps.db, org.id, another.id, 'admin');
        admins.push(another);
      }
      const { email, id } = await pending(owner, org.id);
      const clients = await Promise.all(admins.map(rest));
      // One request per admin (each admin's own requests run one after another under their mail limit's lock).
      const outcomes = await fire(admins.length, (i) =>
        i === 0
          ? clients[i]!.call('orgs.resendInvitation', { organizationId: org.id, invitationId: id })
          : clients[i]!.call('orgs.addMember', { organizationId: org.id, email, role: 'member' }),
      );
      expect(serverErrors(outcomes), JSON.stringify(statuses(outcomes))).toEqual([]);
      // Newest only: whatever order they ran in, the address has one open invitation, and of every link
      // mailed to it exactly one joins.
      expect(await pendingEmails(owner, org.id)).toEqual([email]);
      const tokens = mailsTo(s.deps, email).map((m) => linkFromMail(m, '/klubber/bli-med').token);
      expect(tokens.length).toBe(outcomes.filter((o) => o.status === 200).length);
      const invitee = await rest(await createUser(s.deps.db, { email }));
      const answers = [];
      for (const token of tokens) answers.push((await invitee.call('orgs.acceptInvitation', { token })).status);
      expect(answers.filter((status) => status === 200)).toHaveLength(1);
    });

    it(`acceptInvitation with 50 links no mail carried, at once: ${GUESSES} refused as unknown, the rest 429; then the real link waits too`, async () => {
      const { org, owner } = await club();
      const { email, token } = await pending(owner, org.id);
      const invitee = await rest(await createUser(s.deps.db, { email }));
      const outcomes = await fire(TIMES, () =>
        invitee.call('orgs.acceptInvitation', { token: crypto.randomUUID().replaceAll('-', '') }),
      );
      expect(serverErrors(outcomes), JSON.stringify(statuses(outcomes))).toEqual([]);
      expect(statuses(outcomes)).toEqual({
        '400 INVALID_LINK': GUESSES,
        '429 RATE_LIMITED': TIMES - GUESSES,
      });
      const refused = await invitee.call('orgs.acceptInvitation', { token });
      expect(refused.status).toBe(429);
      expect(refused.retryAfter).toBeGreaterThan(0);
      s.deps.clock.advance(LIMITS.invitationGuessesPerUser.windowSeconds + 1);
      expect((await invitee.call('orgs.acceptInvitation', { token })).status).toBe(200);
    });

    it('acceptInvitation 50 times at once by the invitee: joined once, and every answer says so', async () => {
      const { org, owner } = await club();
      const { email, token } = await pending(owner, org.id);
      const invitee = await rest(await createUser(s.deps.db, { email }));
      const outcomes = await fire(TIMES, () => invitee.call('orgs.acceptInvitation', { token }));
      expect(statuses(outcomes)).toEqual({ '200': TIMES });
      const members = await (await rest(owner)).call('orgs.members', { organizationId: org.id });
      expect(members.body.members.filter((m: { email: string }) => m.email === email)).toHaveLength(1);
    });

    it('accept by the invitee racing cancel by an admin, 25 each at once: joined or cancelled, never both', async () => {
      const { org, owner, admin } = await club();
      const { email, token, id } = await pending(owner, org.id);
      const invitee = await rest(await createUser(s.deps.db, { email }));
      const canceller = await rest(admin);
      const outcomes = await fire(TIMES, (i) =>
        i % 2 === 0
          ? invitee.call('orgs.acceptInvitation', { token })
          : canceller.call('orgs.cancelInvitation', { organizationId: org.id, invitationId: id }),
      );
      expect(serverErrors(outcomes), JSON.stringify(statuses(outcomes))).toEqual([]);
      const accepts = statuses(outcomes.filter((_, i) => i % 2 === 0));
      const cancels = statuses(outcomes.filter((_, i) => i % 2 === 1));
      const members = await (await rest(owner)).call('orgs.members', { organizationId: org.id });
      const joined = members.body.members.some((m: { email: string }) => m.email === email);
      // Joined: every accept says so (the same user's link, used), no cancel happened. Cancelled: no accept did.
      expect({ joined, accepts, cancels }).toEqual(
        joined
          ? { joined, accepts: { '200': TIMES / 2 }, cancels: { '404 NOT_FOUND': TIMES / 2 } }
          : {
              joined,
              accepts: { '400 INVALID_LINK': TIMES / 2 },
              cancels: { '200': 1, '404 NOT_FOUND': TIMES / 2 - 1 },
            },
      );
      expect(await pendingEmails(owner, org.id)).toEqual([]);
    });

    it('account.setLanguage 50 times at once with different values: ends in one of them', async () => {
      const user = await createUser(s.deps.db);
      const client = await rest(user);
      const values = ['nb', 'en', null] as const;
      const outcomes = await fire(TIMES, (i) => client.call('account.setLanguage', { language: values[i % 3] }));
      expect(statuses(outcomes)).toEqual({ '200': TIMES });
      const saved = (await client.call('account.language')).body.language;
      expect(values).toContain(saved);
      expect(outcomes.map((o) => o.body.language)).toContain(saved);
    });
  });

  describe("another organization's ids", () => {
    it.each(TRANSPORTS)(
      "over %s: an admin of A gets 404 with A's id and 403 NOT_ORG_MEMBER with B's, and learns nothing of B's invitation",
      async (transport) => {
        const a = await club();
        const b = await club();
        const theirs = await pending(b.owner, b.org.id);
        const attacker = await s.as(a.admin, transport);
        const unknown = { organizationId: a.org.id, invitationId: crypto.randomUUID() };
        const secrets = [theirs.email, theirs.id, theirs.token, b.org.name];
        for (const procedure of ['orgs.resendInvitation', 'orgs.cancelInvitation'] as const) {
          // With A's id: exactly what an id that does not exist gets.
          const none = await attacker.call(procedure, unknown);
          expect({ status: none.status, code: none.error?.code }).toEqual({ status: 404, code: 'NOT_FOUND' });
          const o = await attacker.call(procedure, { organizationId: a.org.id, invitationId: theirs.id });
          expect({ status: o.status, error: o.error, leaks: secrets.filter((x) => o.raw.includes(x)) }).toEqual({
            status: none.status,
            error: none.error,
            leaks: [],
          });
        }
        // With B's id: not a member there.
        for (const [procedure, input] of [
          ['orgs.resendInvitation', { organizationId: b.org.id, invitationId: theirs.id }],
          ['orgs.cancelInvitation', { organizationId: b.org.id, invitationId: theirs.id }],
          ['orgs.invitations', { organizationId: b.org.id }],
        ] as const) {
          const o = await attacker.call(procedure, input);
          expect({
            procedure,
            status: o.status,
            code: o.error?.code,
            leaks: secrets.filter((x) => o.raw.includes(x)),
          }).toEqual({
            procedure,
            status: 403,
            code: 'NOT_ORG_MEMBER',
            leaks: [],
          });
        }
        expect((await attacker.call('orgs.invitations', { organizationId: a.org.id })).body).toEqual({
          invitations: [],
          total: 0,
        });
        // A plain member of B may neither resend nor cancel it.
        const member = await s.as(b.member, transport);
        for (const procedure of ['orgs.resendInvitation', 'orgs.cancelInvitation'] as const) {
          const o = await member.call(procedure, { organizationId: b.org.id, invitationId: theirs.id });
          expect({ procedure, status: o.status, code: o.error?.code }).toEqual({
            procedure,
            status: 403,
            code: 'NOT_ORG_ADMIN',
          });
        }
        // B's invitation is untouched: still pending, never mailed, and its link joins B.
        expect(await pendingEmails(b.owner, b.org.id)).toEqual([theirs.email]);
        expect(mailsTo(s.deps, theirs.email)).toHaveLength(0);
        const invitee = await rest(await createUser(s.deps.db, { email: theirs.email }));
        expect((await invitee.call('orgs.acceptInvitation', { token: theirs.token })).body.organization.id).toBe(
          b.org.id,
        );
      },
    );
  });

  describe('tokens no mail carried', () => {
    /** Each answered 400 with the contract's code, whoever sends it. */
    const TOKENS: [string, string][] = [
      ['', 'INVALID_INPUT'],
      ['x'.repeat(10_000), 'INVALID_INPUT'],
      ['x'.repeat(201), 'INVALID_INPUT'],
      ['\u0000', 'INVALID_LINK'],
      ['\ud800', 'INVALID_LINK'],
      ['\udfff\ud800', 'INVALID_LINK'],
      ['\u202egnp.exe', 'INVALID_LINK'],
      ["' OR '1'='1' --", 'INVALID_LINK'],
      ['%00', 'INVALID_LINK'],
      ['../../etc/passwd', 'INVALID_LINK'],
      ['{{7*7}}<script>', 'INVALID_LINK'],
    ];

    it.each(TRANSPORTS)(
      'over %s: 400 with a code and words, never 5xx, and the real link still joins',
      async (transport) => {
        const { org, owner } = await club();
        const { email, token } = await pending(owner, org.id);
        const invitee = await createUser(s.deps.db, { email });
        const client = await s.as(invitee, transport);
        // The real token altered by a byte or wrapped: not the real token.
        const near: [string, string][] = [
          [`${token}\u0000`, 'INVALID_LINK'],
          [` ${token}`, 'INVALID_LINK'],
          [token.toUpperCase(), 'INVALID_LINK'],
          [`${token}\u202e`, 'INVALID_LINK'],
        ];
        const got: unknown[] = [];
        const expected: unknown[] = [];
        for (const [hostile, code] of [...TOKENS, ...near]) {
          for (const procedure of ['orgs.invitation', 'orgs.acceptInvitation'] as const) {
            const o = await client.call(procedure, { token: hostile });
            const label = `${procedure} ${JSON.stringify(hostile.slice(0, 20))}`;
            got.push({
              label,
              status: o.status,
              code: o.error?.code,
              words: /[a-zæøå]{3}/i.test(o.error?.message ?? ''),
            });
            expected.push({ label, status: 400, code, words: true });
          }
        }
        expect(got).toEqual(expected);
        expect((await client.call('orgs.acceptInvitation', { token })).body.organization.id).toBe(org.id);
      },
    );

    it('a token query that is not one string is 400 INVALID_INPUT over REST', async () => {
      const user = await createUser(s.deps.db);
      const cookie = `${SESSION_COOKIE}=${encodeURIComponent(await sessionTokenFor(s.deps, user))}`;
      for (const query of [
        'token[]=a',
        'token=a&token=b',
        'token[a]=b',
        'token[$ne]=x',
        '',
        'token',
        'token=%ED%A0%80',
      ]) {
        const res = await fetch(`${s.url}/organizations/invitations?${query}`, { headers: { cookie } });
        const body = (await res.json()) as any;
        expect({ query, status: res.status, code: body.error?.code }).toEqual({
          query,
          status: 400,
          code: query === 'token=%ED%A0%80' ? 'INVALID_LINK' : 'INVALID_INPUT',
        });
      }
    });
  });
});
