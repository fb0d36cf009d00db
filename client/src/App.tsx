import { useQuery } from '@tanstack/react-query';
import { useTRPC } from './trpc';

export function App() {
  const trpc = useTRPC();
  const me = useQuery(trpc.auth.me.queryOptions());
  return (
    <div className="shell">
      <header className="topbar">
        <span className="brand">Golfkortet</span>
      </header>
      <main className="content">
        {me.isPending ? (
          <p role="status">Laster …</p>
        ) : me.data ? (
          <p data-testid="session-state">Innlogget som {me.data.user.name ?? me.data.user.email}</p>
        ) : (
          <p data-testid="session-state">Du er ikke innlogget.</p>
        )}
      </main>
    </div>
  );
}
