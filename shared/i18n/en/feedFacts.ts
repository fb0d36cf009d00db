import type { feedFacts as nbFeedFacts } from '../nb/feedFacts';
import type { Texts } from '../types';

export const feedFacts: Texts<typeof nbFeedFacts> = {
  opened: '{{tournament}} is open for entries.',
  started: '{{tournament}} is under way.',
  finished: '{{tournament}} has finished.',
  winner_one: 'Winner: {{names, list}} ({{total}}).',
  winner_other: 'Winners: {{names, list}} ({{total}}).',
  winnerIn_one: 'Winner in {{division}}: {{names, list}} ({{total}}).',
  winnerIn_other: 'Winners in {{division}}: {{names, list}} ({{total}}).',
  strokes_one: '{{count}} stroke',
  strokes_other: '{{count}} strokes',
  points_one: '{{count}} point',
  points_other: '{{count}} points',
  highlight: { hole_in_one: 'a hole in one', albatross: 'an albatross', eagle: 'an eagle' },
  highlightInTournament: '{{player}} made {{highlight}} on hole {{hole}} in {{tournament}}.',
  highlightOnCourse: '{{player}} made {{highlight}} on hole {{hole}} at {{course}}.',
  roundShared: 'Round at {{course}}, {{date}}: {{players}}.',
  roundSharedEmpty: 'A round at {{course}}, {{date}}, was shared.',
  playerTotal: '{{name}} {{total}}',
  when: {
    justNow: 'just now',
    minutesAgo: '{{minutes}} min ago',
    today: 'today {{clock}}',
    yesterday: 'yesterday {{clock}}',
  },
  shortTotal: { strokes: '{{total}} strokes', points: '{{total}} p' },
};
