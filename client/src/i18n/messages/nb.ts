import { main } from './nb/main';
import { login } from './nb/login';
import { twoFactorVerify } from './nb/twoFactorVerify';
import { verifyLink } from './nb/verifyLink';
import { recoveryCodes } from './nb/recoveryCodes';
import { account } from './nb/account';
import { accountMore } from './nb/accountMore';
import { ownData } from './nb/ownData';
import { twoFactorSetup } from './nb/twoFactorSetup';
import { publicTournaments } from './nb/publicTournaments';
import { feed } from './nb/feed';
import { operator } from './nb/operator';
import { chat } from './nb/chat';
import { home } from './nb/home';
import { orgs } from './nb/orgs';
import { rounds } from './nb/rounds';
import { tournaments } from './nb/tournaments';
import { handicap } from './nb/handicap';

/**
 * The app's texts in Norwegian bokmål, all areas together: the reference language, whose keys type every call of `t` (see
 * ../i18next.d.ts). en.ts has the same keys; messages.test.ts fails when either lacks one, or when their
 * `{{variables}}` differ. Plurals use i18next's `_one` / `_other` suffixes in both languages.
 */
export const nb = {
  ...main,
  login,
  twoFactorVerify,
  verifyLink,
  recoveryCodes,
  account,
  accountMore,
  ownData,
  twoFactorSetup,
  publicTournaments,
  feed,
  operator,
  chat,
  home,
  orgs,
  rounds,
  tournaments,
  handicap,
} as const;

/** The shape every language fills in: the same keys as Norwegian, any text. */
export type Messages<T = typeof nb> = { readonly [K in keyof T]: T[K] extends string ? string : Messages<T[K]> };
