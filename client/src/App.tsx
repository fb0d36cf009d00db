import type { ComponentType, ReactNode } from 'react';
import { Link, Redirect, Route, Switch, useLocation, useSearch } from 'wouter';
import { ROUTES } from './routes';
import { redirectFor, type Access } from './session/stage';
import { useSession } from './session/useSession';
import { Alert, Button, Loading, Page } from './ui';
import { Shell } from './Shell';
import { useLanguage } from './i18n';
import { lazyWithTexts } from './i18n/lazy-with-texts';

// One chunk per screen: the sign-in screen loads only what it needs (docs/app.md, "Bundle sizes"). Each names
// the areas of texts that it and what it imports use; it renders once they are there (decision 0024).
const LoginScreen = lazyWithTexts(['login'], () => import('./features/auth/LoginScreen'));
const VerifyLinkScreen = lazyWithTexts(['verifyLink'], () => import('./features/auth/VerifyLinkScreen'));
const TwoFactorVerifyScreen = lazyWithTexts(['twoFactorVerify'], () => import('./features/auth/TwoFactorVerifyScreen'));
const TwoFactorSetupScreen = lazyWithTexts(
  ['recoveryCodes', 'twoFactorSetup'],
  () => import('./features/auth/TwoFactorSetupScreen'),
);
const HomeScreen = lazyWithTexts(
  ['account', 'feed', 'home', 'rounds', 'tournaments'],
  () => import('./features/home/HomeScreen'),
);
const AccountScreen = lazyWithTexts(
  ['account', 'accountMore', 'ownData', 'recoveryCodes'],
  () => import('./features/account/AccountScreen'),
);
const HandicapScreen = lazyWithTexts(['handicap', 'rounds'], () => import('./features/handicap/HandicapScreen'));
const ConfirmEmailScreen = lazyWithTexts(['accountMore'], () => import('./features/account/ConfirmEmailScreen'));
const ConfirmMergeScreen = lazyWithTexts(['accountMore'], () => import('./features/account/ConfirmMergeScreen'));
const AccountDeletedScreen = lazyWithTexts(['accountMore'], () => import('./features/account/AccountDeletedScreen'));
const OrgsScreen = lazyWithTexts(['orgs'], () => import('./features/orgs/OrgsScreen'));
const OrgScreen = lazyWithTexts(['account', 'orgs', 'publicTournaments'], () => import('./features/orgs/OrgScreen'));
const JoinOrgScreen = lazyWithTexts(['orgs'], () => import('./features/orgs/JoinOrgScreen'));
const RoundsScreen = lazyWithTexts(['home', 'rounds', 'tournaments'], () => import('./features/rounds/RoundsScreen'));
const NewRoundScreen = lazyWithTexts(['rounds'], () => import('./features/rounds/NewRoundScreen'));
const RoundScreen = lazyWithTexts(['rounds'], () => import('./features/rounds/RoundScreen'));
const TournamentsScreen = lazyWithTexts(
  ['account', 'orgs', 'tournaments'],
  () => import('./features/tournaments/TournamentsScreen'),
);
const NewTournamentScreen = lazyWithTexts(
  ['account', 'orgs', 'rounds', 'tournaments'],
  () => import('./features/tournaments/NewTournamentScreen'),
);
const EditTournamentScreen = lazyWithTexts(
  ['rounds', 'tournaments'],
  () => import('./features/tournaments/EditTournamentScreen'),
);
const TournamentScreen = lazyWithTexts(
  ['account', 'orgs', 'rounds', 'tournaments'],
  () => import('./features/tournaments/TournamentScreen'),
);
const TournamentCardScreen = lazyWithTexts(
  ['rounds', 'tournaments'],
  () => import('./features/tournaments/TournamentCardScreen'),
);
const OperatorScreen = lazyWithTexts(['operator'], () => import('./features/admin/OperatorScreen'));
// The public page loads nothing of the signed-in screens (decision 0506).
const PublicTournamentScreen = lazyWithTexts(
  ['publicTournaments'],
  () => import('./features/public/PublicTournamentScreen'),
);
/** Before hydrating the public page the server rendered: its screen is there, so nothing suspends. */
export const preloadPublicTournamentScreen = () => PublicTournamentScreen.preload();
const TournamentListScreen = lazyWithTexts(
  ['publicTournaments'],
  () => import('./features/public/TournamentListScreen'),
);
const FeedScreen = lazyWithTexts(['feed'], () => import('./features/feed/FeedScreen'));
const ChatScreen = lazyWithTexts(['chat', 'orgs', 'account'], () => import('./features/chat/ChatScreen'));

function Guard({ access, children }: { access: Access; children: ReactNode }) {
  const session = useSession();
  const [path] = useLocation();
  const search = useSearch();
  const { t } = useLanguage();
  // A page for anyone does not wait for the session check (the public tournament page opens from a link).
  if (access === 'public') return <>{children}</>;
  if (session.status === 'loading') return <Loading text={t('shell.checkingSession')} />;
  if (session.status === 'unreachable' && access !== 'guest') {
    return (
      <Page title={t('shell.noConnectionTitle')}>
        <Alert tone="error">
          <p>{t('shell.noConnection')}</p>
        </Alert>
        <Button onClick={() => window.location.reload()}>{t('common.retry')}</Button>
      </Page>
    );
  }
  const target = redirectFor(access, session.status, search ? `${path}?${search}` : path);
  if (target) return <Redirect to={target} replace />;
  return <>{children}</>;
}

/** The route table (docs/app.md): path, who may see it, screen. Fixed segments come before parameters. */
const SCREENS: { path: string; access: Access; Screen: ComponentType }[] = [
  { path: ROUTES.login, access: 'guest', Screen: LoginScreen },
  { path: ROUTES.verifyLink, access: 'public', Screen: VerifyLinkScreen },
  { path: ROUTES.twoFactor, access: 'pending', Screen: TwoFactorVerifyScreen },
  { path: ROUTES.enroll, access: 'enrolling', Screen: TwoFactorSetupScreen },
  { path: ROUTES.home, access: 'full', Screen: HomeScreen },
  { path: ROUTES.account, access: 'full', Screen: AccountScreen },
  { path: ROUTES.accountTwoFactor, access: 'full', Screen: TwoFactorSetupScreen },
  { path: ROUTES.handicap, access: 'full', Screen: HandicapScreen },
  { path: ROUTES.confirmEmail, access: 'full', Screen: ConfirmEmailScreen },
  { path: ROUTES.confirmMerge, access: 'full', Screen: ConfirmMergeScreen },
  { path: ROUTES.accountDeleted, access: 'public', Screen: AccountDeletedScreen },
  { path: ROUTES.orgs, access: 'full', Screen: OrgsScreen },
  { path: ROUTES.joinOrg, access: 'full', Screen: JoinOrgScreen },
  { path: '/klubber/:id/chat', access: 'full', Screen: ChatScreen },
  { path: '/klubber/:id', access: 'full', Screen: OrgScreen },
  { path: '/klubber/:id/turneringer', access: 'full', Screen: TournamentsScreen },
  { path: '/klubber/:id/turneringer/ny', access: 'full', Screen: NewTournamentScreen },
  { path: '/klubber/:id/turneringer/:tid', access: 'full', Screen: TournamentScreen },
  { path: '/klubber/:id/turneringer/:tid/endre', access: 'full', Screen: EditTournamentScreen },
  { path: '/klubber/:id/turneringer/:tid/kort', access: 'full', Screen: TournamentCardScreen },
  { path: ROUTES.rounds, access: 'full', Screen: RoundsScreen },
  { path: ROUTES.newRound, access: 'full', Screen: NewRoundScreen },
  { path: '/runder/:id', access: 'full', Screen: RoundScreen },
  { path: ROUTES.operator, access: 'full', Screen: OperatorScreen },
  { path: ROUTES.publicTournaments, access: 'public', Screen: TournamentListScreen },
  { path: '/t/:slug', access: 'public', Screen: PublicTournamentScreen },
  { path: ROUTES.feed, access: 'public', Screen: FeedScreen },
];

export function App() {
  const { t } = useLanguage();
  return (
    <Shell>
      <Switch>
        {SCREENS.map(({ path: routePath, access, Screen }) => (
          <Route key={routePath} path={routePath}>
            <Guard access={access}>
              <Screen />
            </Guard>
          </Route>
        ))}
        <Route>
          <Page title={t('shell.notFoundTitle')}>
            <p>{t('shell.notFound')}</p>
            <Link href={ROUTES.home}>{t('shell.toFrontPage')}</Link>
          </Page>
        </Route>
      </Switch>
    </Shell>
  );
}
