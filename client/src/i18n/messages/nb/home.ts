import { addNorwegian } from '../../add-messages';

/** The home screen's texts in Norwegian (the keys of ../en/home.ts). */
export const home = {
  greeting: 'Hei, {{name}}',
  welcome: 'Velkommen til Hullvis',
  signedInAs: 'Innlogget som {{who}}',
  handicapIndex: 'handicapindeks {{index}}',
  nameTitle: 'Hva heter du?',
  nameSave: 'Lagre',
  nameExplained:
    'Navnet ser medspillerne dine og klubbene du er med i. Handicapindeksen gir slagene du får på hvert hull; den kan stå tom og endres senere under Konto.',
  newRound: 'Start ny runde',
  latestRounds: 'Siste runder',
  all: 'Alle',
  loadingRounds: 'Henter rundene dine …',
  noRounds: 'Ingen runder ennå',
  noRoundsHint: 'Start en runde over, alene eller med venner.',
  myClubs: 'Mine klubber',
  loadingClubs: 'Henter klubbene dine …',
  noClubs: 'Ingen klubber ennå',
  createClub: 'Lag en klubb',
  publicTournaments: 'Se offentlige turneringer',
  nextStart: {
    title: 'Neste start',
    today: 'I dag',
    tomorrow: 'I morgen',
    when: '{{day}} kl. {{time}} fra tee {{tee}}',
    noTime: '{{day}}: startlisten er ikke klar ennå',
    round: 'runde {{number}}',
    with: 'Med {{names}}',
    alone: 'Du starter alene',
    openCard: 'Åpne scorekortet',
    toTournament: 'Til turneringen',
  },
  twoFactorPrompt: 'Beskytt kontoen med tofaktorautentisering.',
  twoFactorLink: 'Slå på nå',
} as const;

addNorwegian({ home });
