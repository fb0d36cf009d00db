// First: what the browser kept under the app's old name moves to the new names before anything reads them.
import './offline/carry-over';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition, useState } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, preloadPublicTournamentScreen } from './App';
import { applyLanguage, startingLanguage } from './i18n';
import { sessionEnded } from './session/forget-user';
import { readServerPage, seedServerPage } from './ssr/server-page';
import { createApiClient, createQueryClient, trpc } from './trpc';
import './styles.css';

// A page the server sent as HTML (decision 0512): its answer seeds the cache, so the first render is the same.
const served = readServerPage(document);

function Root() {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    if (served) seedServerPage(client, served);
    return client;
  });
  // A 401 to any call, or the live socket closed for an ended session: unless the server then names the same
  // user (this phone's cookie was renewed), the user is forgotten and the app is at the sign-in screen
  // (session/forget-user.ts).
  const [trpcClient] = useState(() => {
    const client = createApiClient(() => sessionEnded(queryClient, () => client.auth.session.query()));
    return client;
  });
  return (
    <QueryClientProvider client={queryClient}>
      <trpc.Provider client={trpcClient} queryClient={queryClient}>
        <App />
      </trpc.Provider>
    </QueryClientProvider>
  );
}

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <Root />
  </StrictMode>
);
/**
 * The first render and the hydration are transitions, so that React works in slices and lets the phone answer
 * between them: rendered in one go, the public page's leaderboard and start list, and the feed's items, held a
 * slow phone's main thread for a quarter of a second and more at start (decision 0515).
 */
const render = () => startTransition(() => createRoot(root).render(app));
if (served) {
  // Hydrated in the language the server wrote it in, with the screen's module there (nothing may suspend and
  // put a spinner where the page is); the reader's own choice of language, if another, follows at once.
  void Promise.all([applyLanguage(served.language), preloadPublicTournamentScreen()])
    .then(() => startTransition(() => void hydrateRoot(root, app)))
    .catch(render)
    .finally(() => applyLanguage(startingLanguage()));
} else {
  // The first paint is in the right language: English messages, when chosen, are loaded before it.
  void applyLanguage(startingLanguage()).finally(render);
}
