/**
 * The app's paths. They are Norwegian and never equal a REST GET path of docs/contract.md (/auth/*, /account/*,
 * /organizations*, /admin/*, /courses/*, /personal-courses*, /rounds*, /participants/*), because the server
 * answers those before its SPA fallback. /login/verify is fixed by the contract (the magic link's target).
 * The one exception is /feed, the app's feed page and also the REST path of feed.list: the server answers a
 * browser's navigation there (Accept names text/html, not application/json) with the app and every other
 * request with the JSON (server/rest/feed.ts, decision 0507). docs/app.md has the table.
 */
export const ROUTES = {
  home: '/',
  login: '/login',
  verifyLink: '/login/verify',
  twoFactor: '/login/2fa',
  enroll: '/login/oppsett-2fa',
  account: '/konto',
  accountTwoFactor: '/konto/tofaktor',
  /** The handicap record: the index played off, the calculated one, its history and the scores. */
  handicap: '/konto/handicap',
  confirmEmail: '/konto/bekreft-epost',
  confirmMerge: '/konto/sla-sammen',
  /** After the account is deleted: a plain confirmation, for anyone (the session is gone). */
  accountDeleted: '/konto/slettet',
  orgs: '/klubber',
  org: (id: string) => `/klubber/${encodeURIComponent(id)}`,
  joinOrg: '/klubber/bli-med',
  tournaments: (orgId: string) => `/klubber/${encodeURIComponent(orgId)}/turneringer`,
  newTournament: (orgId: string) => `/klubber/${encodeURIComponent(orgId)}/turneringer/ny`,
  tournament: (orgId: string, id: string) =>
    `/klubber/${encodeURIComponent(orgId)}/turneringer/${encodeURIComponent(id)}`,
  editTournament: (orgId: string, id: string) =>
    `/klubber/${encodeURIComponent(orgId)}/turneringer/${encodeURIComponent(id)}/endre`,
  tournamentCard: (orgId: string, id: string) =>
    `/klubber/${encodeURIComponent(orgId)}/turneringer/${encodeURIComponent(id)}/kort`,
  rounds: '/runder',
  newRound: '/runder/ny',
  round: (id: string) => `/runder/${encodeURIComponent(id)}`,
  operator: '/drift',
  /** Public tournaments, for anyone. */
  publicTournaments: '/turneringer',
  /** A tournament's public page: the address PUBLIC_URL/t/{slug} the server serves with the tournament's head. */
  publicTournament: (slug: string) => `/t/${encodeURIComponent(slug)}`,
  /** The public feed, for anyone; the server tells the page from the API by Accept (decision 0507). */
  feed: '/feed',
  /** A club's team chat. */
  chat: (id: string) => `/klubber/${encodeURIComponent(id)}/chat`,
} as const;

/** A `neste` (next) parameter is followed only when it is a path of this app: never another origin. */
export function safeNext(next: string | null | undefined): string | null {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  if (next.startsWith(ROUTES.login)) return null;
  return next;
}
