import type { calendar as nb } from '../nb/calendar';
import type { Texts } from '../types';

export const calendar: Texts<typeof nb> = {
  mineName: 'My start times (Hullvis)',
  round: '{{tournament}}, round {{round}}',
  start: '{{tournament}}: start tee {{tee}}',
  startInRound: '{{tournament}}, round {{round}}: start tee {{tee}}',
  entered: '{{tournament}}',
  enteredInRound: '{{tournament}}, round {{round}}',
  waiting: '{{tournament}} (waiting list)',
  waitingInRound: '{{tournament}}, round {{round}} (waiting list)',
  partners: 'Playing with: {{names, list}}',
  alone: 'Nobody else in the group.',
  noStartYet: 'The start time is not set yet.',
  waitingPlace: 'You are number {{place}} on the waiting list.',
  cancelled: 'The tournament is cancelled.',
};
