import { addNorwegian } from '../../add-messages';

/** Norwegian texts of one area, loaded with the screens that use them (decision 0020). */
export const feed = {
  title: 'Siste nytt',
  intro: 'Turneringer, høydepunkter og delte runder fra hele Golfkortet.',
  offline: 'Forbindelsen er brutt. Det som skjer i mellomtiden, vises når den er tilbake.',
  couldNotFetch: 'Fikk ikke hentet nyhetene.',
  news: 'Nyheter',
  loading: 'Henter nyhetene …',
  empty: 'Ingenting her ennå',
  emptyExplain: 'Når en offentlig turnering åpner, eller noen deler en runde, dukker det opp her.',
  emptyHome: 'Turneringer som åpner og runder som deles, vises her.',
  more: 'Vis flere',
  publicTournaments: 'Offentlige turneringer',
  toFrontPage: 'Til forsiden',
  seeAll: 'Se alle',
  highlight: 'Hull {{hole}} · par {{par}} · {{strokes}} slag',
} as const;

addNorwegian({ feed });
