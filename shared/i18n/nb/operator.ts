/** Norwegian texts of one area, loaded by the screens that use them (decision 0024). */
export const operator = {
  title: 'Drift',
  needsSuperAdmin: 'Dette krever superadministrator.',
  users: 'Brukere',
  search: 'Søk etter navn eller e-post',
  signedOut: 'Brukeren er logget ut på alle enheter.',
  noUsers: 'Ingen brukere funnet',
  userLine: '{{email}} · hcp {{handicap}} · 2FA {{method}}',
  off: 'av',
  signOutEverywhere: 'Logg ut overalt',
  clubs: 'Klubber',
  noClubs: 'Ingen klubber ennå',
  members_one: '{{count}} medlem',
  members_other: '{{count}} medlemmer',
} as const;
