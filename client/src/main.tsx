// First: what the browser kept under the app's old name moves to the new names before anything reads them.
import './offline/carry-over';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useState } from 'react';
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
if (served) {
  // Hydrated in the language the server wrote it in, with the screen's module there (nothing may suspend and
  // put a spinner where the page is); the reader's own choice of language, if another, follows at once.
  void Promise.all([applyLanguage(served.language), preloadPublicTournamentScreen()])
    .then(() => hydrateRoot(root, app))
    .catch(() => createRoot(root).render(app))
    .finally(() => applyLanguage(startingLanguage()));
} else {
  // The first paint is in the right language: English messages, when chosen, are loaded before it.
  void applyLanguage(startingLanguage()).finally(() => createRoot(root).render(app));
}
