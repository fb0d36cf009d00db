import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { useCallback, useEffect, useState } from 'react';
import type { AppRouter } from '../../../server/trpc/router';
import { useTRPC } from '../trpc';
import { PENDING_SESSION_SECONDS } from '../lib/countdown';
import { setPendingStage, usePendingStage } from './pending-store';
import { sessionFrom, type SessionState, type Stage } from './stage';

export type User = inferRouterOutputs<AppRouter>['auth']['me']['user'];
export type Session = SessionState<User>;

/** The session: a full one from auth.me, a pending one from the last sign-in answer (see stage.ts). */
export function useSession(): Session {
  const trpc = useTRPC();
  const me = useQuery(trpc.auth.me.queryOptions(undefined, { retry: (count, error) => count < 2 && (error as { data?: unknown }).data === undefined }));
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

export interface SessionAnswer {
  user: User;
  stage: Stage;
}

/** Every sign-in step ends here: the session answer decides what the app shows next. */
export function useApplySessionAnswer() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(
    (answer: SessionAnswer) => {
      if (answer.stage === 'full') {
        setPendingStage(null);
        queryClient.setQueryData(trpc.auth.me.queryKey(), { user: answer.user });
      } else {
        setPendingStage({ stage: answer.stage, email: answer.user.email, method: answer.user.twoFactorMethod, expiresAt: Date.now() + PENDING_SESSION_SECONDS * 1000 });
        // auth.me refuses a pending session: asking again turns any earlier user into "not signed in".
        void queryClient.resetQueries({ queryKey: trpc.auth.me.queryKey() });
      }
    },
    [queryClient, trpc],
  );
}

/** After logout (or a session the server no longer accepts): forget everything cached about the user. */
export function useForgetSession() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    setPendingStage(null);
    // Cached data of the old user goes; auth.me (active) is asked again and answers "not signed in".
    queryClient.removeQueries({ type: 'inactive' });
    void queryClient.resetQueries({ type: 'active' });
  }, [queryClient]);
}
