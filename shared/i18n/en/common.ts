import type { Texts } from '../types';
import type { common as nbCommon } from '../nb/common';

/** The words every screen shares, in English. */
export const common: Texts<typeof nbCommon> = {
  loading: 'Loading …',
  retry: 'Try again',
  reload: 'Reload',
  previous: 'Previous',
  next: 'Next',
  pageOf: 'Page {{page}} of {{pages}}',
  save: 'Save',
  cancel: 'Cancel',
  unnamedPlayer: 'No name',
  unnamedMember: 'Member without a name',
  deletedAccount: 'Deleted account',
  serviceError: 'Something went wrong on our side. Try again later.',
  networkError: 'Could not reach the service. Check your network connection and try again.',
  handicapFormat: 'Write the handicap index as a number with one decimal, for example 12.4 or +2.1.',
  wait: {
    seconds_one: '{{count}} second',
    seconds_other: '{{count}} seconds',
    minutes_one: '{{count}} minute',
    minutes_other: '{{count}} minutes',
    in: 'in {{time}}',
    inAnd: 'in {{minutes}} and {{seconds}}',
  },
};
