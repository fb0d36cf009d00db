import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { useCallback, useEffect, useState } from 'react';
import type { AppRouter } from '../../../server/trpc/router';
import { httpStatusOf } from '../lib/api-error';
import { PENDING_SESSION_SECONDS } from '../lib/countdown';
import { lastUser, rememberUser } from '../offline/last-user';
import { SESSION_QUERY_KEY, trpc } from '../trpc';
import { forgetUser, sessionIs } from './forget-user';
import { setPendingStage, usePendingStage } from './pending-store';
import { sessionFrom, type SessionState, type Stage } from './stage';

export type User = inferRouterOutputs<AppRouter>['auth']['me']['user'];
export type Session = SessionState<User>;
type Language = inferRouterOutputs<AppRouter>['account']['language']['language'];

/**
 * The session as the app holds it, with the account's saved language (decision 0108); `remembered` when it
 * is the last known user, the server not reached (then the language is this browser's choice).
 */
type Me = { user: User; language: Language; remembered?: true } | null;

/**
 * auth.session as "who is signed in": null for "nobody (with a full session)". It answers nobody with 200,
 * not auth.me's 401, which every browser logs as an error on every page an anonymous visitor opens
 * (decision 0510). Null is a value, not an error, so that the answer stays in the cache while it is asked
 * again, and screens are not unmounted by a background refetch. Before an answer is shown, the user held
 * before goes if it is not the one named (./forget-user.ts). Without network (no answer at all) the last
 * user the server named on this browser stands in, so the round being played opens offline; it is asked
 * again as soon as the network is back (docs/app.md, "Offline").
 */
function useMe() {
  const { client } = trpc.useUtils();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: async (): Promise<Me> => {
      let answer: Awaited<ReturnType<typeof client.auth.session.query>>;
      try {
        answer = await client.auth.session.query();
      } catch (error) {
        const remembered = httpStatusOf(error) === undefined ? lastUser<User>() : null;
        if (remembered) return { user: remembered, language: null, remembered: true };
        throw error;
      }
      // A sign-in waiting for its second factor is nobody yet: its screens go by this tab's pending stage.
      await sessionIs(queryClient, answer.user?.id ?? null);
      if (!answer.user) return null;
      rememberUser(answer.user);
      return { user: answer.user, language: answer.language };
    },
    // Asked even while the browser says it is offline (the default would wait, showing "Sjekker innlogging").
    networkMode: 'always',
    staleTime: (query) => (query.state.data?.remembered ? 0 : 60_000),
  });
}

/** The session: a full one from auth.me, a pending one from the last sign-in answer (see stage.ts). */
export function useSession(): Session {
  const me = useMe();
  const pending = usePendingStage();
  const [now, setNow] = useState(() => Date.now());
  // Re-evaluate when a remembered stage runs out, so the screen moves back to sign-in by itself.
  useEffect(() => {
    if (!pending) return;
    const wait = pending.expiresAt - Date.now();
    if (wait <= 0) return;
    const timer = window.setTimeout(() => setNow(Date.now()), wait + 50);
    return () => window.clearTimeout(timer);
  }, [pending]);
  return sessionFrom(me.data, me.error, pending, Math.max(now, Date.now()));
}

/** The signed-in user's id, '' without a full session: who a screen acts as, and the key of what is kept per user. */
export function useUserId(): string {
  const session = useSession();
  return session.status === 'full' ? session.user.id : '';
}

export interface SessionAnswer {
  user: User;
  stage: Stage;
}

/**
 * Every sign-in step ends here: the session answer decides what the app shows next. Someone other than the
 * user the app held before is shown only once that one is forgotten (./forget-user.ts).
 */
export function useApplySessionAnswer() {
  const queryClient = useQueryClient();
  return useCallback(
    async (answer: SessionAnswer) => {
      await sessionIs(queryClient, answer.stage === 'full' ? answer.user.id : null);
      if (answer.stage === 'full') {
        setPendingStage(null);
        rememberUser(answer.user);
        queryClient.setQueryData(SESSION_QUERY_KEY, { user: answer.user });
        // The sign-in answer is the contract's {user}: the account's language is asked again (decision 0108).
        void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
      } else {
        setPendingStage({
          stage: answer.stage,
          email: answer.user.email,
          method: answer.user.twoFactorMethod,
          expiresAt: Date.now() + PENDING_SESSION_SECONDS * 1000,
        });
        // A pending session is nobody yet: whoever was signed in before is not any more.
        queryClient.setQueryData(SESSION_QUERY_KEY, null);
      }
    },
    [queryClient],
  );
}

/** Updates the signed-in user after a change (profile, 2FA method, merge). */
export function useSetUser() {
  const queryClient = useQueryClient();
  // The language stays as auth.me said it: a profile answer is the contract's {user} alone.
  return useCallback(
    (user: User) => {
      rememberUser(user);
      queryClient.setQueryData<Me>(SESSION_QUERY_KEY, (old) => ({ language: null, ...old, user }));
    },
    [queryClient],
  );
}

/** Asks the server again who is signed in (after a change to the account it reports). */
export function useRefreshSession() {
  const queryClient = useQueryClient();
  return useCallback(() => void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }), [queryClient]);
}

/**
 * After logout or account deletion: forget everything cached about the user, in memory and in the browser
 * (the saved rounds and unsent scores too), the same way as when the session ends elsewhere (./forget-user.ts).
 */
export function useForgetSession() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    setPendingStage(null);
    queryClient.setQueryData(SESSION_QUERY_KEY, null);
    void forgetUser(queryClient);
  }, [queryClient]);
}
