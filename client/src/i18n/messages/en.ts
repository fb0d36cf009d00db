import type { Messages } from './nb';
import { main } from './en/main';
import { home } from './en/home';
import { orgs } from './en/orgs';
import { rounds } from './en/rounds';
import { handicap } from './en/handicap';
import { login } from './en/login';
import { twoFactorVerify } from './en/twoFactorVerify';
import { verifyLink } from './en/verifyLink';
import { recoveryCodes } from './en/recoveryCodes';
import { account } from './en/account';
import { accountMore } from './en/accountMore';
import { ownData } from './en/ownData';
import { twoFactorSetup } from './en/twoFactorSetup';
import { publicTournaments } from './en/publicTournaments';
import { feed } from './en/feed';
import { operator } from './en/operator';
import { chat } from './en/chat';
import { tournaments } from './en/tournaments';

/** The app's texts in English (British spelling, as en-GB formats the dates): the keys of nb.ts, one file per area. */
export const en: Messages = {
  ...main,
  home,
  orgs,
  rounds,
  handicap,
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
  tournaments,
};
