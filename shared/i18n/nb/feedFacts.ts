/**
 * A feed item's sentence, worded from its facts (shared/format/feed-sentence.ts): the server's `text` and
 * what the app shows. Names, divisions and totals are the item's own; `{{names, list}}` joins "Kari og Ola".
 */
export const feedFacts = {
  opened: '{{tournament}} er åpen for påmelding.',
  started: '{{tournament}} er i gang.',
  finished: '{{tournament}} er ferdigspilt.',
  winner_one: 'Vinner: {{names, list}} ({{total}}).',
  winner_other: 'Vinnere: {{names, list}} ({{total}}).',
  winnerIn_one: 'Vinner i {{division}}: {{names, list}} ({{total}}).',
  winnerIn_other: 'Vinnere i {{division}}: {{names, list}} ({{total}}).',
  strokes_one: '{{count}} slag',
  strokes_other: '{{count}} slag',
  points_one: '{{count}} poeng',
  points_other: '{{count}} poeng',
  /** A highlight as the sentence names it (Norwegian golfers use the English words). */
  highlight: { hole_in_one: 'hole in one', albatross: 'albatross', eagle: 'eagle' },
  highlightInTournament: '{{player}} fikk {{highlight}} på hull {{hole}} i {{tournament}}.',
  highlightOnCourse: '{{player}} fikk {{highlight}} på hull {{hole}} på {{course}}.',
  roundShared: 'Runde på {{course}} {{date}}: {{players}}.',
  roundSharedEmpty: 'En runde på {{course}} {{date}} er delt.',
  playerTotal: '{{name}} {{total}}',
  /** When an item was posted (feed-format.ts). */
  when: {
    justNow: 'nå nettopp',
    minutesAgo: 'for {{minutes}} min siden',
    today: 'i dag {{clock}}',
    yesterday: 'i går {{clock}}',
  },
  /** A total beside a name on the podium or in a shared round's list. */
  shortTotal: { strokes: '{{total}} slag', points: '{{total}} p' },
};
