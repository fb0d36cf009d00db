import { Suspense, type ReactNode, useMemo } from 'react';
import { Link, useLocation } from 'wouter';
import { ROUTES } from './routes';
import { useSession } from './session/useSession';
import { ErrorBoundary, Loading } from './ui';
import { useLanguage } from './i18n';
import { lazyWithTexts } from './i18n/lazy-with-texts';
import { useAccountLanguage } from './i18n/useAccountLanguage';

const UnreadBadge = lazyWithTexts(['chat'], () => import('./features/chat/UnreadBadge'));

const NAV = [
  { href: ROUTES.home, label: 'shell.home', exact: true },
  { href: ROUTES.rounds, label: 'shell.rounds' },
  { href: ROUTES.orgs, label: 'shell.clubs' },
  { href: ROUTES.account, label: 'shell.account' },
] as const;

function MainNav() {
  const [path] = useLocation();
  const { t } = useLanguage();
  return (
    <nav className="mainnav" aria-label={t('shell.mainMenu')}>
      {NAV.map((item) => {
        const active = 'exact' in item ? path === item.href : path === item.href || path.startsWith(`${item.href}/`);
        return (
          <Link key={item.href} href={item.href} aria-current={active ? 'page' : undefined}>
            {t(item.label)}
            {item.href === ROUTES.orgs ? (
              <Suspense fallback={null}>
                <UnreadBadge />
              </Suspense>
            ) : null}
          </Link>
        );
      })}
    </nav>
  );
}

/**
 * The frame of every screen: the top bar (the user, or the guest's links) and the main area the routed
 * screen renders in. Its own module, without the route table, so that the server renders the public page
 * inside the same frame (client/src/ssr/render.tsx) without taking in every screen of the app.
 */
export function Shell({ children }: { children: ReactNode }) {
  const session = useSession();
  const [path] = useLocation();
  const signedIn = session.status === 'full';
  const { t } = useLanguage();
  useAccountLanguage(session.status === 'full' ? session.language : undefined);
  // The routed screen, one element for as long as the path and the screen stay: the session's answer then
  // re-renders the top bar alone. The public page's screen may still be hydrating in slices (main.tsx) when
  // the answer comes, and React hydrates a boundary whose props changed at once, in one long task (0515).
  const screen = useMemo(
    () => (
      <ErrorBoundary resetKey={path}>
        <Suspense fallback={<Loading />}>{children}</Suspense>
      </ErrorBoundary>
    ),
    [path, children],
  );
  const wide =
    path.startsWith('/runder/') || path.startsWith('/klubber/') || path.startsWith('/t/') || path === ROUTES.operator;
  return (
    <div className="shell">
      <a className="skip-link" href="#innhold">
        {t('shell.skipLink')}
      </a>
      <header className="topbar">
        <Link href={ROUTES.home} className="brand">
          Hullvis
        </Link>
        <span className="spacer" />
        {signedIn ? <MainNav /> : null}
        {signedIn ? (
          <span className="who" title={session.user.email}>
            {session.user.name ?? session.user.email}
          </span>
        ) : session.status === 'signed-out' ? (
          <nav className="guestnav" aria-label={t('shell.menu')}>
            <Link href={ROUTES.publicTournaments}>{t('shell.tournaments')}</Link>
            <Link href={ROUTES.feed}>{t('shell.feed')}</Link>
            {path !== ROUTES.login ? <Link href={ROUTES.login}>{t('shell.signIn')}</Link> : null}
          </nav>
        ) : null}
      </header>
      <main id="innhold" tabIndex={-1} className={wide ? 'content wide' : 'content'}>
        {screen}
      </main>
    </div>
  );
}
