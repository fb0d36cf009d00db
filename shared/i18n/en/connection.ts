import type { Texts } from '../types';
import type { connection as nbConnection } from '../nb/connection';

/** The live connection’s state in English. */
export const connection: Texts<typeof nbConnection> = {
  live: 'Live',
  connecting: 'Connecting …',
  offline: 'Offline – trying again',
};
