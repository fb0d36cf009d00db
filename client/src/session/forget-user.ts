import type { QueryClient } from '@tanstack/react-query';
import { unsubscribeThisBrowser } from '../lib/push';
import { lastUser, wipeFinished, wipeOfflineData } from '../offline/last-user';
import { SESSION_QUERY_KEY } from '../trpc';
import { writeLinkSent } from './link-sent';

/**
 * The one way the app lets go of a user (decision 0510): every answer cached in memory but the session's,
 * and everything kept in the browser (../offline/last-user.ts: the remembered user, IndexedDB's rounds,
 * tournament cards and unsent scores, the senders at work on them, the sign-in link this tab asked for).
 * Every way of learning that the user is gone ends here: sign-out and account deletion on this phone, a 401
 * NOT_AUTHENTICATED from any call and the live socket closed with SESSION_ENDED_CLOSE_CODE (`sessionEnded`),
 * the session check or a sign-in answer naming nobody or someone else (`sessionIs`).
 */
export function forgetUser(queryClient: QueryClient): Promise<void> {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY[0] });
  writeLinkSent(null);
  // The push service forgets this browser's endpoint too, whoever's it was (decision 0429): the server's
  // copy is answered 410 at its next push and goes.
  void unsubscribeThisBrowser();
  return wipeOfflineData();
}

/** How long the server is given to say who this phone's cookie is, after it said the session was over. */
const CONFIRM_MS = 5_000;

let confirming: Promise<void> | null = null;

/**
 * The server said this session is over: a 401 NOT_AUTHENTICATED to a call, or the socket closed with 4401.
 * Almost always the user is gone; but a new password, "sign out other devices" and a 2FA change end every
 * session of the user and give this phone a fresh cookie, and the server then closes the socket opened
 * with the old one (a request sent with it just before is refused likewise). So `askSession` (auth.session,
 * past the session query's offline stand-in) asks once, when the calls still on their way have been
 * answered, who this phone's cookie is now. The user shown or remembered, in full: nothing is forgotten.
 * Anything else, or no answer within CONFIRM_MS: the user is hidden at once (the routes go to the sign-in
 * screen) and forgotten. A sign-in waiting for its second factor keeps its screen (its stage is this
 * tab's: ./pending-store.ts).
 */
export function sessionEnded(
  queryClient: QueryClient,
  askSession: () => Promise<{ user: { id: string } | null }>,
): void {
  // Several calls refused together (a batch, the socket too) are one question.
  if (confirming) return;
  confirming = (async () => {
    const known = knownUser(queryClient);
    const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), CONFIRM_MS));
    // The fresh cookie comes with the answer of the call that renewed it, which the socket's close can
    // overtake: the question waits for the calls still on their way.
    const asked = mutationsSettled(queryClient).then(askSession);
    const answer = await Promise.race([asked.catch(() => null), timeout]);
    if (known === null || answer?.user?.id !== known) {
      queryClient.setQueryData(SESSION_QUERY_KEY, null);
      await forgetUser(queryClient);
    }
    void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
  })().finally(() => {
    confirming = null;
  });
}

async function mutationsSettled(queryClient: QueryClient): Promise<void> {
  while (queryClient.isMutating() > 0) await new Promise((resolve) => setTimeout(resolve, 50));
}

/** The user on screen, else the one remembered on this browser; null for nobody. */
function knownUser(queryClient: QueryClient): string | null {
  const shown = queryClient.getQueryData<{ user: { id: string } } | null>(SESSION_QUERY_KEY)?.user.id ?? null;
  return shown ?? lastUser<{ id: string }>()?.id ?? null;
}

/**
 * The server named who is signed in here (`userId`, null: nobody with a full session). Before that answer
 * is shown, the user the app held before goes if it is not the same one, the one shown on screen or the
 * one remembered on this browser, and any wipe still running has finished: the next person never sees a
 * frame of the one before.
 */
export async function sessionIs(queryClient: QueryClient, userId: string | null): Promise<void> {
  const shown = queryClient.getQueryData<{ user: { id: string } } | null>(SESSION_QUERY_KEY)?.user.id ?? null;
  const remembered = lastUser<{ id: string }>()?.id ?? null;
  if ((shown !== null && shown !== userId) || (remembered !== null && remembered !== userId)) {
    await forgetUser(queryClient);
  } else if (userId === null) {
    // Nobody in memory to forget, but a browser may still hold what an older release left behind.
    await wipeOfflineData();
  }
  // Signed in, by whichever way: the link this tab asked for has done its work.
  if (userId !== null) writeLinkSent(null);
  await wipeFinished();
}
