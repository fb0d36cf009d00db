import type { values as nbValues } from '../nb/values';
import type { Texts } from '../types';

export const values: Texts<typeof nbValues> = {
  role: { owner: 'Owner', admin: 'Administrator', member: 'Member' },
  twoFactorMethod: { totp: 'Authenticator app', email: 'Code by e-mail' },
  sessionStage: {
    full: 'Signed in',
    pending_2fa: 'Waiting for the two-factor code',
    must_enroll_2fa: 'Must turn on two-factor authentication',
  },
  courseKind: { official: 'Official course', personal: 'Personal course' },
  teeGender: { male: 'Men', female: 'Women', unisex: 'All' },
  roundFormat: {
    stroke: 'Stroke play',
    stableford: 'Stableford',
    match: 'Match play',
    fourball_stroke: 'Four-ball stroke play',
    fourball_stableford: 'Four-ball Stableford',
    foursomes: 'Foursomes',
    greensomes: 'Greensomes',
    scramble: 'Texas scramble',
  },
  roundHoles: { '18': '18 holes', front9: 'Front nine (1–9)', back9: 'Back nine (10–18)' },
  roundStatus: { open: 'In progress', finished: 'Finished' },
  tournamentFormat: { stroke_gross: 'Stroke play, gross', stroke_net: 'Stroke play, net', stableford: 'Stableford' },
  tournamentVisibility: { public: 'Public (anyone with the link)', members: 'Club members only' },
  tournamentStatus: {
    draft: 'Draft',
    open: 'Open for entries',
    closed: 'Entries closed',
    in_progress: 'In progress',
    finished: 'Finished',
    cancelled: 'Cancelled',
  },
  tournamentStatusPublic: {
    draft: 'Draft',
    open: 'Entries open',
    closed: 'Entries closed',
    in_progress: 'In progress',
    finished: 'Finished',
    cancelled: 'Cancelled',
  },
  tieBreak: { countback: 'Countback', lowest_handicap: 'Lowest playing handicap', shared: 'Shared place' },
  feedItemKind: {
    tournament_opened: 'Entries open',
    tournament_started: 'Tournament under way',
    tournament_finished: 'Results',
    highlight: 'Highlight',
    round_shared: 'Shared round',
  },
  highlightKind: { hole_in_one: 'Hole in one', albatross: 'Albatross', eagle: 'Eagle' },
};
