import { addNorwegian } from '../../add-messages';

/** Norwegian texts of one area, loaded with the screens that use them (decision 0020). */
export const feed = {
  title: 'Siste nytt',
  intro: 'Turneringer, høydepunkter og delte runder fra hele Hullvis.',
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
  highlight_one: 'Hull {{hole}} · par {{par}} · {{count}} slag',
  highlight_other: 'Hull {{hole}} · par {{par}} · {{count}} slag',
  // An item's sentence, as the server writes its `text` (server/feed/text.ts): feed-sentence.ts.
  sentence: {
    opened: '{{tournament}} er åpen for påmelding.',
    started: '{{tournament}} er i gang.',
    finished: '{{tournament}} er ferdigspilt.',
    winner_one: 'Vinner: {{names}} ({{total}}).',
    winner_other: 'Vinnere: {{names}} ({{total}}).',
    winnerIn_one: 'Vinner i {{division}}: {{names}} ({{total}}).',
    winnerIn_other: 'Vinnere i {{division}}: {{names}} ({{total}}).',
    strokes_one: '{{count}} slag',
    strokes_other: '{{count}} slag',
    points_one: '{{count}} poeng',
    points_other: '{{count}} poeng',
    and: '{{first}} og {{last}}',
    hole_in_one: 'hole in one',
    albatross: 'albatross',
    eagle: 'eagle',
    highlightInTournament: '{{player}} fikk {{highlight}} på hull {{hole}} i {{tournament}}.',
    highlightOnCourse: '{{player}} fikk {{highlight}} på hull {{hole}} på {{course}}.',
    roundShared: 'Runde på {{course}} {{date}}: {{players}}.',
    roundSharedEmpty: 'En runde på {{course}} {{date}} er delt.',
    playerTotal: '{{name}} {{total}}',
  },
} as const;

addNorwegian({ feed });
