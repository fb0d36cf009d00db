import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { applyLanguage, startingLanguage } from './i18n';
import { createApiClient, createQueryClient, SESSION_QUERY_KEY, TRPCProvider } from './trpc';
import './styles.css';

function Root() {
  const [queryClient] = useState(createQueryClient);
  // A live socket closed for an ended session sends the app to the sign-in screen, as a 401 would.
  const [trpcClient] = useState(() =>
    createApiClient(() => void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY })),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        <App />
      </TRPCProvider>
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
