/**
 * The words of the value lists (shared/values.ts), one section per list, keyed by the value: what the app
 * shows and the server writes for a role, a format, a state. shared/values.ts builds its `*_LABELS` tables
 * from these, so a value without a word here is a type error there.
 */
export const values = {
  role: { owner: 'Eier', admin: 'Administrator', member: 'Medlem' },
  twoFactorMethod: { totp: 'Autentiseringsapp', email: 'Kode på e-post' },
  sessionStage: {
    full: 'Innlogget',
    pending_2fa: 'Venter på tofaktorkode',
    must_enroll_2fa: 'Må slå på tofaktorautentisering',
  },
  courseKind: { official: 'Offisiell bane', personal: 'Egen bane' },
  teeGender: { male: 'Herre', female: 'Dame', unisex: 'Alle' },
  roundFormat: {
    stroke: 'Slagspill',
    stableford: 'Stableford',
    match: 'Matchspill',
    fourball_stroke: 'Bestball slagspill',
    fourball_stableford: 'Bestball Stableford',
    foursomes: 'Foursome',
    greensomes: 'Greensome',
    scramble: 'Texas scramble',
  },
  roundHoles: { '18': '18 hull', front9: 'Første 9 (1–9)', back9: 'Siste 9 (10–18)' },
  roundStatus: { open: 'Pågår', finished: 'Ferdig' },
  tournamentFormat: {
    stroke_gross: 'Slagspill brutto',
    stroke_net: 'Slagspill netto',
    stableford: 'Stableford',
    fourball_stroke: 'Bestball slagspill',
    fourball_stableford: 'Bestball Stableford',
    foursomes: 'Foursome',
    greensomes: 'Greensome',
    scramble: 'Texas scramble',
  },
  tournamentVisibility: { public: 'Offentlig (alle med lenken)', members: 'Bare klubbens medlemmer' },
  /** The states as the club sees them. */
  tournamentStatus: {
    draft: 'Utkast',
    open: 'Åpen for påmelding',
    closed: 'Påmelding stengt',
    in_progress: 'Pågår',
    finished: 'Ferdig',
    cancelled: 'Avlyst',
  },
  /** The states as a visitor reads them on the public page: what they can do now (decision 0013). */
  tournamentStatusPublic: {
    draft: 'Utkast',
    open: 'Påmelding åpen',
    closed: 'Påmelding stengt',
    in_progress: 'Pågår',
    finished: 'Ferdig',
    cancelled: 'Avlyst',
  },
  /** How a tie between complete rounds is decided (decision 0423). */
  tieBreak: { countback: 'Tilbaketelling', lowest_handicap: 'Lavest spillehandicap', shared: 'Delt plass' },
  feedItemKind: {
    tournament_opened: 'Påmelding åpen',
    tournament_started: 'Turneringen er i gang',
    tournament_finished: 'Resultater',
    highlight: 'Høydepunkt',
    round_shared: 'Delt runde',
  },
  // Norwegian golfers use the English words.
  highlightKind: { hole_in_one: 'Hole in one', albatross: 'Albatross', eagle: 'Eagle' },
};
