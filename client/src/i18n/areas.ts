import { common } from '../../../shared/i18n/nb/common';
import { connection } from '../../../shared/i18n/nb/connection';
import { language } from '../../../shared/i18n/nb/language';
import { shell } from '../../../shared/i18n/nb/shell';

/**
 * The app's catalogue areas (decision 0024): one file per area and language in shared/i18n. The shell's
 * Norwegian is in the main chunk, every other text is a chunk of its own, loaded by the screens that use it
 * (`lazyWithTexts`). The import() calls are written out so that the bundler makes each file its own chunk.
 */
export const SHELL_TEXTS = { common, connection, language, shell };

/** The Norwegian of every area; the shell's is at hand already. */
export const NORWEGIAN = {
  common: async () => common,
  connection: async () => connection,
  language: async () => language,
  shell: async () => shell,
  account: () => import('../../../shared/i18n/nb/account').then((m) => m.account),
  accountMore: () => import('../../../shared/i18n/nb/accountMore').then((m) => m.accountMore),
  chat: () => import('../../../shared/i18n/nb/chat').then((m) => m.chat),
  feed: () => import('../../../shared/i18n/nb/feed').then((m) => m.feed),
  handicap: () => import('../../../shared/i18n/nb/handicap').then((m) => m.handicap),
  home: () => import('../../../shared/i18n/nb/home').then((m) => m.home),
  login: () => import('../../../shared/i18n/nb/login').then((m) => m.login),
  operator: () => import('../../../shared/i18n/nb/operator').then((m) => m.operator),
  orgs: () => import('../../../shared/i18n/nb/orgs').then((m) => m.orgs),
  ownData: () => import('../../../shared/i18n/nb/ownData').then((m) => m.ownData),
  publicTournaments: () => import('../../../shared/i18n/nb/publicTournaments').then((m) => m.publicTournaments),
  recoveryCodes: () => import('../../../shared/i18n/nb/recoveryCodes').then((m) => m.recoveryCodes),
  rounds: () => import('../../../shared/i18n/nb/rounds').then((m) => m.rounds),
  tournaments: () => import('../../../shared/i18n/nb/tournaments').then((m) => m.tournaments),
  twoFactorSetup: () => import('../../../shared/i18n/nb/twoFactorSetup').then((m) => m.twoFactorSetup),
  twoFactorVerify: () => import('../../../shared/i18n/nb/twoFactorVerify').then((m) => m.twoFactorVerify),
  verifyLink: () => import('../../../shared/i18n/nb/verifyLink').then((m) => m.verifyLink),
};

/** An area of the app's texts: its first key (`rounds` of `rounds.title`). */
export type Area = keyof typeof NORWEGIAN;

/** The English of every area, the shell's included, each loaded when English is shown. */
export const ENGLISH: Record<Area, () => Promise<object>> = {
  account: () => import('../../../shared/i18n/en/account').then((m) => m.account),
  accountMore: () => import('../../../shared/i18n/en/accountMore').then((m) => m.accountMore),
  chat: () => import('../../../shared/i18n/en/chat').then((m) => m.chat),
  common: () => import('../../../shared/i18n/en/common').then((m) => m.common),
  connection: () => import('../../../shared/i18n/en/connection').then((m) => m.connection),
  feed: () => import('../../../shared/i18n/en/feed').then((m) => m.feed),
  handicap: () => import('../../../shared/i18n/en/handicap').then((m) => m.handicap),
  home: () => import('../../../shared/i18n/en/home').then((m) => m.home),
  language: () => import('../../../shared/i18n/en/language').then((m) => m.language),
  login: () => import('../../../shared/i18n/en/login').then((m) => m.login),
  operator: () => import('../../../shared/i18n/en/operator').then((m) => m.operator),
  orgs: () => import('../../../shared/i18n/en/orgs').then((m) => m.orgs),
  ownData: () => import('../../../shared/i18n/en/ownData').then((m) => m.ownData),
  publicTournaments: () => import('../../../shared/i18n/en/publicTournaments').then((m) => m.publicTournaments),
  recoveryCodes: () => import('../../../shared/i18n/en/recoveryCodes').then((m) => m.recoveryCodes),
  rounds: () => import('../../../shared/i18n/en/rounds').then((m) => m.rounds),
  shell: () => import('../../../shared/i18n/en/shell').then((m) => m.shell),
  tournaments: () => import('../../../shared/i18n/en/tournaments').then((m) => m.tournaments),
  twoFactorSetup: () => import('../../../shared/i18n/en/twoFactorSetup').then((m) => m.twoFactorSetup),
  twoFactorVerify: () => import('../../../shared/i18n/en/twoFactorVerify').then((m) => m.twoFactorVerify),
  verifyLink: () => import('../../../shared/i18n/en/verifyLink').then((m) => m.verifyLink),
};

type Loaded<L> = L extends () => Promise<infer T> ? T : never;

/** Every area's Norwegian, by area: the type of every key of `t` (i18next.d.ts). */
export type AppTexts = { [A in Area]: Loaded<(typeof NORWEGIAN)[A]> };
