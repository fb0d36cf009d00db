import { common } from '../../../shared/i18n/nb/common';
import { connection } from '../../../shared/i18n/nb/connection';
import { language } from '../../../shared/i18n/nb/language';
import { shell } from '../../../shared/i18n/nb/shell';

/**
 * The app's catalogue areas (decision 0024): one file per area and language in shared/i18n. The shell's
 * Norwegian is in the main chunk, every other text is a chunk of its own, loaded by the screens that use it
 * (`lazyWithTexts`). The import() calls are written out so that the bundler makes each file its own chunk;
 * each loads the area's module, whose export of the area's name is its texts. The English is english.ts.
 * The lists sit in the shared chunk beside Vite's preload helper: made a chunk of its own, the English list
 * took the helper out into a third chunk and the public page grew by 0.1 KB instead of shrinking.
 */
export const SHELL_TEXTS = { common, connection, language, shell };

/** The Norwegian of every area; the shell's is at hand already. */
export const NORWEGIAN = {
  common: async () => ({ common }),
  connection: async () => ({ connection }),
  language: async () => ({ language }),
  shell: async () => ({ shell }),
  account: () => import('../../../shared/i18n/nb/account'),
  accountMore: () => import('../../../shared/i18n/nb/accountMore'),
  chat: () => import('../../../shared/i18n/nb/chat'),
  feed: () => import('../../../shared/i18n/nb/feed'),
  handicap: () => import('../../../shared/i18n/nb/handicap'),
  home: () => import('../../../shared/i18n/nb/home'),
  login: () => import('../../../shared/i18n/nb/login'),
  operator: () => import('../../../shared/i18n/nb/operator'),
  orgs: () => import('../../../shared/i18n/nb/orgs'),
  ownData: () => import('../../../shared/i18n/nb/ownData'),
  publicTournaments: () => import('../../../shared/i18n/nb/publicTournaments'),
  recoveryCodes: () => import('../../../shared/i18n/nb/recoveryCodes'),
  rounds: () => import('../../../shared/i18n/nb/rounds'),
  tournaments: () => import('../../../shared/i18n/nb/tournaments'),
  twoFactorSetup: () => import('../../../shared/i18n/nb/twoFactorSetup'),
  twoFactorVerify: () => import('../../../shared/i18n/nb/twoFactorVerify'),
  verifyLink: () => import('../../../shared/i18n/nb/verifyLink'),
};

/** An area of the app's texts: its first key (`rounds` of `rounds.title`). */
export type Area = keyof typeof NORWEGIAN;

/** Loads an area's module in one language: `{ rounds: { title: … } }`. */
export type AreaLoader = () => Promise<Readonly<Record<string, object>>>;

type Loaded<L, A extends string> = L extends () => Promise<Record<A, infer T>> ? T : never;

/** Every area's Norwegian, by area: the type of every key of `t` (i18next.d.ts). */
export type AppTexts = { [A in Area]: Loaded<(typeof NORWEGIAN)[A], A> };
