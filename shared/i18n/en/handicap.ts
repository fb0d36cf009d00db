import type { Texts } from '../types';
import type { handicap as nbHandicap } from '../nb/handicap';

/** The handicap screen's texts in English, in the World Handicap System's words. */
export const handicap: Texts<typeof nbHandicap> = {
  title: 'Handicap',
  loading: 'Loading your handicap record …',
  playsOff: 'You play off',
  playsOffEntered: 'The index you entered',
  playsOffCalculated: 'The index calculated from your scores',
  calculatedNotYet:
    'You chose the calculated index, but there is none until you have three scores. Until then you play off the index you entered.',
  choose: 'Play off',
  entered: 'Entered',
  calculated: 'Calculated',
  noIndex: 'none yet',
  choiceHint: 'Rounds and tournaments that have not started yet use your choice.',
  saved: 'Saved. You now play off {{index}}.',
  facts: 'Your indexes',
  calculatedIndex: 'Calculated index',
  lowIndex: 'Low HI',
  lowIndexHint: 'the lowest index in the last year',
  enteredIndex: 'Entered index',
  changeEntered: 'Change it under Account',
  noCalculated: 'It is calculated once you have three scores.',
  pcc: 'PCC is always 0: Hullvis does not calculate the day’s playing conditions, so no score is adjusted for weather or course.',
  chart: {
    title: 'Your index over time',
    summary:
      'Calculated index from {{first}} ({{firstDate}}) to {{last}} ({{lastDate}}), lowest {{lowest}} ({{lowestDate}}).',
    single: 'Calculated index {{index}} from {{date}}.',
    none: 'The chart appears once your index is calculated, after three scores.',
    table: 'The calculated index, day by day',
    date: 'Date',
    index: 'Index',
  },
  scores: {
    title: 'Latest scores',
    intro: 'The latest 20, newest first. The scores marked “Counts” make your index.',
    list: 'The scores in your handicap record',
    counting: 'Counts',
    differential: 'Differential',
    noDifferential: 'waiting',
    adjustedGross: 'Adjusted gross {{value}}',
    attestedBy: 'Attested by {{name}}',
    courseTee: '{{course}}, {{tee}} tee',
    tournament: 'Tournament: {{name}}',
    exceptional_one: 'Exceptional score: index lowered by {{count}}',
    exceptional_other: 'Exceptional score: index lowered by {{count}}',
    nineWaiting: '9 holes: gets a differential with the next 9-hole score',
    nineCombined: '9 holes, combined with the 9 holes of {{date}}',
    nineCombinedOther: '9 holes, combined with another 9-hole score',
    emptyTitle: 'No scores yet',
    emptyHint:
      'When a round is finished, a playing partner with an account attests your card on the round’s page. The score then comes here, and after three scores your index is calculated.',
    toRounds: 'To the rounds',
  },
};
