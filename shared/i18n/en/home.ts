import type { Texts } from '../types';
import type { home as nbHome } from '../nb/home';

/** The home screen's texts in English. */
export const home: Texts<typeof nbHome> = {
  greeting: 'Hi, {{name}}',
  welcome: 'Welcome to Hullvis',
  signedInAs: 'Signed in as {{who}}',
  handicapIndex: 'handicap index {{index}}',
  nameTitle: 'What is your name?',
  nameSave: 'Save',
  nameExplained:
    'Your playing partners and your clubs see your name. Your handicap index gives the strokes you receive on each hole; you may leave it empty and change it later under Account.',
  newRound: 'Start a new round',
  latestRounds: 'Latest rounds',
  all: 'All',
  loadingRounds: 'Loading your rounds …',
  noRounds: 'No rounds yet',
  noRoundsHint: 'Start a round above, on your own or with friends.',
  myClubs: 'My clubs',
  loadingClubs: 'Loading your clubs …',
  noClubs: 'No clubs yet',
  createClub: 'Create a club',
  publicTournaments: 'See public tournaments',
  nextStart: {
    title: 'Next start',
    today: 'Today',
    tomorrow: 'Tomorrow',
    when: '{{day}} at {{time}} from tee {{tee}}',
    noTime: '{{day}}: the start list is not ready yet',
    round: 'round {{number}}',
    with: 'With {{names}}',
    alone: 'You start on your own',
    openCard: 'Open the scorecard',
    toTournament: 'To the tournament',
  },
  twoFactorPrompt: 'Protect your account with two-factor authentication.',
  twoFactorLink: 'Turn it on now',
};
