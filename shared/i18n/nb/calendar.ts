/**
 * The words of the calendar files (decision 0430): event titles and notes, in the player's language for
 * their own calendar and in Norwegian for a tournament's public one.
 */
export const calendar = {
  /** The name a calendar app shows for the subscription. */
  mineName: 'Mine starttider (Hullvis)',
  /** A tournament's own calendar: its rounds. */
  round: '{{tournament}}, runde {{round}}',
  /** One of my starts: the tournament, the round when there are more than one, the starting tee. */
  start: '{{tournament}}: start tee {{tee}}',
  startInRound: '{{tournament}}, runde {{round}}: start tee {{tee}}',
  /** Entered, and no start time yet: the day only. */
  entered: '{{tournament}}',
  enteredInRound: '{{tournament}}, runde {{round}}',
  waiting: '{{tournament}} (venteliste)',
  waitingInRound: '{{tournament}}, runde {{round}} (venteliste)',
  partners: 'Spiller med: {{names, list}}',
  alone: 'Ingen andre i ballen.',
  noStartYet: 'Starttiden er ikke satt ennå.',
  waitingPlace: 'Du står som nummer {{place}} på ventelisten.',
  cancelled: 'Turneringen er avlyst.',
};
