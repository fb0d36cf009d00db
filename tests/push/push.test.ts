import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../server/auth/users';
import { pushSubscription } from '../../server/db/schema';
import { pushToUsers } from '../../server/push/send';
import { PUSH_SUBSCRIPTIONS_PER_ACCOUNT } from '../../server/push/subscriptions';
import { callerAs } from '../helpers/caller';
import { databaseKinds } from '../helpers/db';
import { createTestDeps, type TestDeps } from '../helpers/deps';
import { createUser } from '../helpers/factories';
import { codeIn, lastMailTo } from '../helpers/mail';
import { startTestServer, type TestServer } from '../helpers/server';
import { clientFor, fire, serverErrors, statuses, TRANSPORTS, type Client, type Transport } from '../helpers/transport';
import { sessionTokenFor } from '../helpers/caller';
import { decryptAes128gcm, newSubscriber, startPushService, verifyVapid, type PushService } from './push-service';

/**
 * Web Push end to end (docs/contract.md section 13, decision 0429): a push service of the test's own on
 * loopback, a subscriber key pair made as a browser makes one, the subscription posted over REST and tRPC, and
 * what arrives checked as a push service and a browser would: the VAPID signature, then the decrypted message.
 */
describe.each(databaseKinds())('push messages to the phone, on %s', (kind) => {
  let deps: TestDeps;
  let server: TestServer;
  let push: PushService;

  beforeAll(async () => {
    push = await startPushService();
    deps = await createTestDeps({ db: kind, env: { PUSH_ALLOW_HTTP_ENDPOINTS: '1' } });
    server = await startTestServer(deps);
  });
  afterAll(async () => {
    await server.close();
    await push.close();
  });

  const as = async (user: UserRow | null, transport: Transport): Promise<Client> =>
    clientFor(transport, deps, () => server.url, { token: user ? await sessionTokenFor(deps, user) : null });
  const subscriptionsOf = (userId: string) =>
    deps.db.select().from(pushSubscription).where(eq(pushSubscription.userId, userId));
  const message = (user: UserRow, text = 'Du starter kl. 08:10 fra tee 1.') => ({
    userId: user.id,
    title: 'Startliste: Klubbmesterskapet',
    body: text,
    url: `${deps.config.publicUrl}/turneringer/klubbmesterskapet`,
  });

  it.each(TRANSPORTS)(
    'over %s: anyone reads the public key; subscribing and unsubscribing need a session',
    async (transport) => {
      const anonymous = await as(null, transport);
      const key = await anonymous.call('push.publicKey');
      expect(key.status).toBe(200);
      expect(key.body).toEqual({ publicKey: deps.config.push.publicKey });
      expect(Buffer.from(key.body.publicKey, 'base64url')[0]).toBe(4);
      expect(Buffer.from(key.body.publicKey, 'base64url')).toHaveLength(65);

      const subscription = newSubscriber().subscription(push.endpoint());
      expect(await anonymous.call('account.addPushSubscription', subscription)).toMatchObject({
        status: 401,
        error: { code: 'NOT_AUTHENTICATED' },
      });
      expect(await anonymous.call('account.removePushSubscription', { endpoint: subscription.endpoint })).toMatchObject(
        {
          status: 401,
          error: { code: 'NOT_AUTHENTICATED' },
        },
      );
    },
  );

  it.each(TRANSPORTS)(
    'over %s: the message arrives signed with VAPID, encrypted to the phone, and says what the club sent',
    async (transport) => {
      const golfer = await createUser(deps.db, { name: 'Ola Nordmann' });
      const phone = newSubscriber();
      const endpoint = push.endpoint();
      const c = await as(golfer, transport);
      const added = await c.call('account.addPushSubscription', phone.subscription(endpoint));
      expect(added.status).toBe(transport === 'rest' ? 201 : 200);
      const publicKey = (await c.call('push.publicKey')).body.publicKey as string;

      await pushToUsers(deps, [
        message(golfer, 'Du starter kl. 08:10 fra tee 1 med Kari og Per. Lykke til på æ, ø og å!'),
      ]);

      const [received, ...more] = push.take();
      expect(more).toEqual([]);
      expect(received!.path).toBe(new URL(endpoint).pathname);
      expect(received!.headers).toMatchObject({
        ttl: String(24 * 60 * 60),
        urgency: 'high',
        'content-encoding': 'aes128gcm',
        'content-type': 'application/octet-stream',
      });
      const vapid = await verifyVapid(received!.headers.authorization, push.origin);
      expect(vapid.alg).toBe('ES256');
      expect(vapid.k).toBe(publicKey);
      expect(vapid.claims.sub).toBe(deps.config.push.subject);
      expect(vapid.claims.sub).toBe('mailto:no-reply@hullvis.localhost');
      const now = Math.floor(Date.now() / 1000);
      expect(vapid.claims.exp).toBeGreaterThan(now);
      expect(vapid.claims.exp).toBeLessThanOrEqual(now + 24 * 60 * 60);

      expect(JSON.parse(decryptAes128gcm(received!.body, phone))).toEqual({
        title: 'Startliste: Klubbmesterskapet',
        body: 'Du starter kl. 08:10 fra tee 1 med Kari og Per. Lykke til på æ, ø og å!',
        url: 'http://localhost:3000/turneringer/klubbmesterskapet',
      });

      // Unsubscribed: nothing more is sent to the phone.
      const removed = await c.call('account.removePushSubscription', { endpoint });
      expect(removed.status).toBe(transport === 'rest' ? 204 : 200);
      await pushToUsers(deps, [message(golfer)]);
      expect(push.take()).toEqual([]);
      expect(await subscriptionsOf(golfer.id)).toEqual([]);
    },
  );

  it('sends to every phone of each user once, and to no one else', async () => {
    const [kari, per, olga] = [await createUser(deps.db), await createUser(deps.db), await createUser(deps.db)];
    const phones = { kari1: newSubscriber(), kari2: newSubscriber(), per: newSubscriber(), olga: newSubscriber() };
    const endpoints = { kari1: push.endpoint(), kari2: push.endpoint(), per: push.endpoint(), olga: push.endpoint() };
    for (const [who, user] of [
      ['kari1', kari],
      ['kari2', kari],
      ['per', per],
      ['olga', olga],
    ] as const) {
      const { caller } = await callerAs(deps, user);
      await caller.account.addPushSubscription(phones[who].subscription(endpoints[who]));
    }
    await pushToUsers(deps, [message(kari, 'Til Kari'), message(per, 'Til Per')]);
    const received = push.take();
    const byPath = new Map(received.map((r) => [r.path, r]));
    expect(received).toHaveLength(3);
    for (const who of ['kari1', 'kari2', 'per'] as const) {
      const r = byPath.get(new URL(endpoints[who]).pathname)!;
      expect(JSON.parse(decryptAes128gcm(r.body, phones[who])).body).toBe(who === 'per' ? 'Til Per' : 'Til Kari');
    }
    expect(byPath.has(new URL(endpoints.olga).pathname)).toBe(false);
  });

  it.each(TRANSPORTS)('over %s: refuses what is not a subscription with a Norwegian message', async (transport) => {
    const golfer = await createUser(deps.db);
    const c = await as(golfer, transport);
    const good = newSubscriber().subscription(push.endpoint());
    const refused = async (body: unknown) => {
      const outcome = await c.call('account.addPushSubscription', body);
      expect(outcome).toMatchObject({ status: 400, error: { code: 'INVALID_INPUT' } });
      return outcome.error?.issues;
    };
    expect(await refused({ ...good, endpoint: 'ftp://push.example.net/abc' })).toEqual([
      { path: 'endpoint', message: 'Adressen til varslingstjenesten må være en https-adresse.' },
    ]);
    expect(await refused({ ...good, endpoint: `https://push.example.net/${'a'.repeat(2100)}` })).toEqual([
      { path: 'endpoint', message: 'Adressen til varslingstjenesten kan ha høyst 2048 tegn.' },
    ]);
    expect(await refused({ ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(0, 60) } })).toEqual([
      { path: 'keys.p256dh', message: 'Nøkkelen p256dh må være et P-256-punkt på 65 byte i base64url.' },
    ]);
    // 65 bytes, but (0, 0) is no point of the curve: nothing could be encrypted to it.
    expect(
      await refused({
        ...good,
        keys: { ...good.keys, p256dh: Buffer.from([4, ...new Array(64).fill(0)]).toString('base64url') },
      }),
    ).toEqual([{ path: 'keys.p256dh', message: 'Nøkkelen p256dh må være et P-256-punkt på 65 byte i base64url.' }]);
    expect(await refused({ ...good, keys: { ...good.keys, auth: Buffer.alloc(12).toString('base64url') } })).toEqual([
      { path: 'keys.auth', message: 'Nøkkelen auth må være 16 byte i base64url.' },
    ]);
    expect(await refused({ ...good, keys: { ...good.keys, extra: 'x' } })).toEqual([
      { path: 'keys', message: 'Ukjent nøkkel: "extra"' },
    ]);
    expect(await subscriptionsOf(golfer.id)).toEqual([]);
    // As a browser's PushSubscription.toJSON() has it, expirationTime included.
    expect((await c.call('account.addPushSubscription', { ...good, expirationTime: null })).error).toBeNull();
  });

  it('takes http:// endpoints only where PUSH_ALLOW_HTTP_ENDPOINTS=1 says so', async () => {
    const golfer = await createUser(deps.db);
    const httpsOnly = { ...deps, config: { ...deps.config, push: { ...deps.config.push, allowHttpEndpoints: false } } };
    const { caller } = await callerAs(httpsOnly, golfer);
    const subscription = newSubscriber().subscription(push.endpoint());
    await expect(caller.account.addPushSubscription(subscription)).rejects.toMatchObject({
      message: 'Ugyldige opplysninger. Sjekk feltene og prøv igjen.',
      cause: { issues: [{ path: 'endpoint', key: 'errors.push.endpointUrl' }] },
    });
    await caller.account.addPushSubscription({ ...subscription, endpoint: 'https://push.example.net/wpush/abc' });
    expect((await subscriptionsOf(golfer.id)).map((s) => s.endpoint)).toEqual(['https://push.example.net/wpush/abc']);
  });

  it.each(TRANSPORTS)(
    "over %s: a shared phone's subscription moves to the next account, and only its holder can remove it",
    async (transport) => {
      const [kari, per] = [await createUser(deps.db), await createUser(deps.db)];
      const phone = newSubscriber();
      const endpoint = push.endpoint();
      const asKari = await as(kari, transport);
      const asPer = await as(per, transport);
      expect((await asKari.call('account.addPushSubscription', phone.subscription(endpoint))).error).toBeNull();
      // Kari signs out without turning notifications off; Per signs in on the same phone and turns them on.
      expect((await asPer.call('account.addPushSubscription', phone.subscription(endpoint))).error).toBeNull();
      expect(await subscriptionsOf(kari.id)).toEqual([]);
      expect((await subscriptionsOf(per.id)).map((s) => s.endpoint)).toEqual([endpoint]);

      await pushToUsers(deps, [message(kari, 'Til Kari')]);
      expect(push.take()).toEqual([]);
      // Kari cannot take Per's notifications away: the same answer, and nothing removed.
      const kariRemoves = await asKari.call('account.removePushSubscription', { endpoint });
      expect(kariRemoves.error).toBeNull();
      await pushToUsers(deps, [message(per, 'Til Per')]);
      const [received] = push.take();
      expect(JSON.parse(decryptAes128gcm(received!.body, phone)).body).toBe('Til Per');

      // The same phone subscribed again (new keys after a reinstall): one subscription, the new keys.
      const reinstalled = newSubscriber();
      expect((await asPer.call('account.addPushSubscription', reinstalled.subscription(endpoint))).error).toBeNull();
      await pushToUsers(deps, [message(per, 'Etter ny installasjon')]);
      const [again, ...more] = push.take();
      expect(more).toEqual([]);
      expect(JSON.parse(decryptAes128gcm(again!.body, reinstalled)).body).toBe('Etter ny installasjon');
    },
  );

  it('drops a subscription the push service says is gone (404, 410), keeps one that failed (500), and never throws', async () => {
    const golfer = await createUser(deps.db);
    const { caller } = await callerAs(deps, golfer);
    const endpoints = {
      ok: push.endpoint(201),
      gone: push.endpoint(410),
      missing: push.endpoint(404),
      broken: push.endpoint(500),
    };
    for (const endpoint of Object.values(endpoints)) {
      await caller.account.addPushSubscription(newSubscriber().subscription(endpoint));
    }
    // And one whose push service does not answer at all.
    await caller.account.addPushSubscription(newSubscriber().subscription('http://127.0.0.1:9/nobody'));

    await expect(pushToUsers(deps, [message(golfer)])).resolves.toBeUndefined();
    expect(push.take()).toHaveLength(4);
    expect((await subscriptionsOf(golfer.id)).map((s) => s.endpoint).sort()).toEqual(
      [endpoints.ok, endpoints.broken, 'http://127.0.0.1:9/nobody'].sort(),
    );
  });

  it(`keeps the ${PUSH_SUBSCRIPTIONS_PER_ACCOUNT} most recent subscriptions of an account, also when they come at once`, async () => {
    const golfer = await createUser(deps.db);
    const rest = await as(golfer, 'rest');
    const burst = await fire(15, () =>
      rest.call('account.addPushSubscription', newSubscriber().subscription(push.endpoint())),
    );
    expect(serverErrors(burst)).toEqual([]);
    expect(statuses(burst)).toEqual({ '201': 15 });
    expect(await subscriptionsOf(golfer.id)).toHaveLength(PUSH_SUBSCRIPTIONS_PER_ACCOUNT);

    // One after the other, the oldest is the one that goes.
    const other = await createUser(deps.db);
    const { caller } = await callerAs(deps, other);
    const endpoints: string[] = [];
    for (let i = 0; i <= PUSH_SUBSCRIPTIONS_PER_ACCOUNT; i++) {
      deps.clock.advance(60);
      endpoints.push(push.endpoint());
      await caller.account.addPushSubscription(newSubscriber().subscription(endpoints[i]!));
    }
    expect((await subscriptionsOf(other.id)).map((s) => s.endpoint).sort()).toEqual(endpoints.slice(1).sort());
  });

  it("lists the subscriptions' push services in the data export, and deleting the account removes them", async () => {
    const golfer = await createUser(deps.db);
    const { caller } = await callerAs(deps, golfer);
    await caller.account.addPushSubscription(newSubscriber().subscription(push.endpoint()));
    await caller.account.addPushSubscription(newSubscriber().subscription('https://push.example.net/wpush/def'));
    const exported = await caller.account.export();
    expect(exported.pushSubscriptions.map((s) => s.service).sort()).toEqual(
      [push.origin, 'https://push.example.net'].sort(),
    );
    expect(JSON.stringify(exported)).not.toContain('/wpush/def');

    await caller.account.requestDeletionCode();
    await caller.account.delete({ code: codeIn(lastMailTo(deps, golfer.email).text) });
    expect(await subscriptionsOf(golfer.id)).toEqual([]);
    await pushToUsers(deps, [message(golfer)]);
    expect(push.take()).toEqual([]);
  });
});
