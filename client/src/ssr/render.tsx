import { QueryClientProvider } from '@tanstack/react-query';
import { createTRPCClient } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { renderToString } from 'react-dom/server';
import { Route, Router } from 'wouter';
import type { AppRouter } from '../../../server/trpc/router';
import PublicTournamentScreen from '../features/public/PublicTournamentScreen';
import { applyLanguage, currentLanguage, loadTexts } from '../i18n';
import { ROUTES } from '../routes';
import { Shell } from '../Shell';
import { createQueryClient, trpc } from '../trpc';
import { seedServerPage, type ServerPage } from './server-page';

/**
 * The server's side of decision 0512: the public tournament page rendered to HTML by the app's own
 * components (the shell, the page, the leaderboard), from the answer the API gives an anonymous reader.
 * The screen is imported directly here, not through the app's lazy route table, which would bring every
 * screen of the app into the server's bundle.
 * What the app renders first from the same answer is the same markup, so hydrating it moves nothing.
 */

// Nothing is ever asked over it: the page's answer is in the cache, and effects (the live subscription,
// the session check) do not run on the server.
const inertClient = createTRPCClient<AppRouter>({ links: [() => () => observable(() => undefined)] });

let ready: Promise<void> | undefined;

/** The screen's texts in both languages, once per process (the areas App.tsx names for the screen). */
function prepare(): Promise<void> {
  ready ??= (async () => {
    await loadTexts(['publicTournaments']);
    await applyLanguage('en');
    await applyLanguage('nb');
  })();
  return ready;
}

// The app's language is one global (i18n/index.ts): renders take turns, each in its language.
let turn: Promise<unknown> = Promise.resolve();

export function renderPublicTournamentPage(served: ServerPage): Promise<string> {
  const render = async () => {
    await prepare();
    if (currentLanguage() !== served.language) await applyLanguage(served.language);
    const queryClient = createQueryClient();
    seedServerPage(queryClient, served);
    try {
      return renderToString(
        <QueryClientProvider client={queryClient}>
          <trpc.Provider client={inertClient} queryClient={queryClient}>
            {/* The app's tree as far as its markup goes: Switch and Guard (public) add no element. */}
            <Router ssrPath={ROUTES.publicTournament(served.slug)} ssrSearch="">
              <Shell>
                <Route path="/t/:slug">
                  <PublicTournamentScreen />
                </Route>
              </Shell>
            </Router>
          </trpc.Provider>
        </QueryClientProvider>,
      );
    } finally {
      queryClient.clear();
    }
  };
  const result = turn.then(render, render);
  turn = result.catch(() => undefined);
  return result;
}
