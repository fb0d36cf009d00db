import { describe, expect, it } from 'vitest';
import { revokeSession, resolveSession } from '../../server/auth/sessions';
import { LIMITS, limitState, recordHit } from '../../server/auth/rate-limit';
import { busPayload, rateLimitHit, revokedSession, verification } from '../../server/db/schema';
import { pruneExpired } from '../../server/housekeeping';
import { sessionTokenFor } from '../helpers/caller';
import { createTestDeps } from '../helpers/deps';
import { createUser, uniqueEmail } from '../helpers/factories';

describe('housekeeping', () => {
  it('removes what can no longer change an answer, and keeps what still can', async () => {
    const deps = await createTestDeps();
    const user = await createUser(deps.db);

    // An IP with 100 sign-in requests an hour ago and one now: only the one now still counts.
    for (let i = 0; i < 100; i++) await recordHit(deps, deps.db, LIMITS.magicLinkPerIp, '10.9.9.9');
    // A revoked 5-minute token, and a link and a challenge that expire in 15 minutes.
    const token = await sessionTokenFor(deps, user, 'pending_2fa');
    await revokeSession(deps, (await resolveSession(deps, token))!);
    const expiresAt = new Date(deps.now().getTime() + 15 * 60 * 1000);
    const address = uniqueEmail();
    await deps.db
      .insert(verification)
      .values({ purpose: 'sign_in', target: address, email: address, tokenHash: 'h1', codeHash: 'c1', expiresAt });
    await deps.db
      .insert(verification)
      .values({ purpose: 'merge', target: user.id, userId: user.id, email: uniqueEmail(), expiresAt });

    deps.clock.advance(3601);
    await recordHit(deps, deps.db, LIMITS.magicLinkPerIp, '10.9.9.9');
    expect(await pruneExpired(deps)).toEqual({
      rateLimitHits: 100,
      revokedSessions: 1,
      verifications: 0,
      busPayloads: 0,
    });
    expect((await limitState(deps, deps.db, LIMITS.magicLinkPerIp, '10.9.9.9')).count).toBe(1);
    expect(await deps.db.select().from(rateLimitHit)).toHaveLength(1);
    expect(await deps.db.select().from(revokedSession)).toEqual([]);
    // The revoked token stays refused after its row is gone: it has expired.
    expect(await resolveSession(deps, token)).toBeNull();

    // Links and challenges go a day after their expiry, not before.
    deps.clock.advance(24 * 3600 - 3601 + 15 * 60 - 1);
    expect((await pruneExpired(deps)).verifications).toBe(0);
    deps.clock.advance(2);
    expect(await pruneExpired(deps)).toMatchObject({ verifications: 2 });
  });

  it('removes large bus messages ten minutes after they were sent, when every instance has read them', async () => {
    const deps = await createTestDeps();
    await deps.db
      .insert(busPayload)
      .values({ message: '{"from":"a","channel":"round:1","payload":{}}', createdAt: deps.now() });
    deps.clock.advance(10 * 60 - 1);
    await deps.db
      .insert(busPayload)
      .values({ message: '{"from":"a","channel":"round:1","payload":{}}', createdAt: deps.now() });
    expect((await pruneExpired(deps)).busPayloads).toBe(0);
    deps.clock.advance(2);
    expect((await pruneExpired(deps)).busPayloads).toBe(1);
    expect(await deps.db.select().from(busPayload)).toHaveLength(1);
  });
});
