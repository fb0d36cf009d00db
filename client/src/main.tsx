// First: what the browser kept under the app's old name moves to the new names before anything reads them.
import './offline/carry-over';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { applyLanguage, startingLanguage } from './i18n';
import { sessionEnded } from './session/forget-user';
import { createApiClient, createQueryClient, trpc } from './trpc';
import './styles.css';

function Root() {
  const [queryClient] = useState(createQueryClient);
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

// The first paint is in the right language: English messages, when chosen, are loaded before it.
void applyLanguage(startingLanguage()).finally(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Root />
    </StrictMode>,
  ),
);
