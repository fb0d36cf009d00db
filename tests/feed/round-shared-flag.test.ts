import { describe, expect, it } from 'vitest';
import { callerAs } from '../helpers/caller';
import { useDepsAndServer } from '../helpers/transport';
import { playedRound, superAdmin } from './support';

/**
 * The round view says whether the round is in the feed (`shared`, decision 0507), so the round screen can
 * offer "Del i feeden" or "Fjern fra feeden" after a reload or on another phone.
 */
describe('RoundView.shared', () => {
  const env = useDepsAndServer();

  it('is false until the owner shares, true after, false again after unsharing, and the same for a participant', async () => {
    const open = await playedRound(env.deps, { finish: false });
    expect(open.round.shared).toBe(false);

    const { round, owner, participant } = await playedRound(env.deps);
    const asOwner = (await callerAs(env.deps, owner)).caller;
    const asPartner = (await callerAs(env.deps, participant)).caller;
    expect(round.shared).toBe(false);
    expect((await asOwner.rounds.get({ roundId: round.id })).shared).toBe(false);

    await asOwner.rounds.share({ roundId: round.id });
    expect((await asOwner.rounds.get({ roundId: round.id })).shared).toBe(true);
    expect((await asPartner.rounds.get({ roundId: round.id })).shared).toBe(true);

    await asOwner.rounds.unshare({ roundId: round.id });
    expect((await asOwner.rounds.get({ roundId: round.id })).shared).toBe(false);
  });

  it('is false once an administrator has hidden the shared item', async () => {
    const { round, owner } = await playedRound(env.deps);
    const asOwner = (await callerAs(env.deps, owner)).caller;
    const item = await asOwner.rounds.share({ roundId: round.id });
    const admin = (await callerAs(env.deps, await superAdmin(env.deps))).caller;
    await admin.admin.hideFeedItem({ itemId: item.id });
    expect((await asOwner.rounds.get({ roundId: round.id })).shared).toBe(false);
  });
});
