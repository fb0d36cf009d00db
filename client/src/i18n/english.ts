import type { Area, AreaLoader } from './areas';

/** The English of every area, the shell's included, each a chunk loaded when English is shown (decision 0024). */
export const ENGLISH: Record<Area, AreaLoader> = {
  account: () => import('../../../shared/i18n/en/account'),
  accountMore: () => import('../../../shared/i18n/en/accountMore'),
  chat: () => import('../../../shared/i18n/en/chat'),
  common: () => import('../../../shared/i18n/en/common'),
  connection: () => import('../../../shared/i18n/en/connection'),
  feed: () => import('../../../shared/i18n/en/feed'),
  handicap: () => import('../../../shared/i18n/en/handicap'),
  home: () => import('../../../shared/i18n/en/home'),
  language: () => import('../../../shared/i18n/en/language'),
  login: () => import('../../../shared/i18n/en/login'),
  operator: () => import('../../../shared/i18n/en/operator'),
  orgs: () => import('../../../shared/i18n/en/orgs'),
  ownData: () => import('../../../shared/i18n/en/ownData'),
  publicTournaments: () => import('../../../shared/i18n/en/publicTournaments'),
  recoveryCodes: () => import('../../../shared/i18n/en/recoveryCodes'),
  rounds: () => import('../../../shared/i18n/en/rounds'),
  shell: () => import('../../../shared/i18n/en/shell'),
  tournaments: () => import('../../../shared/i18n/en/tournaments'),
  twoFactorSetup: () => import('../../../shared/i18n/en/twoFactorSetup'),
  twoFactorVerify: () => import('../../../shared/i18n/en/twoFactorVerify'),
  verifyLink: () => import('../../../shared/i18n/en/verifyLink'),
};
