import type { Texts } from '../types';
import type { shell as nbShell } from '../nb/shell';

/** The shell around every screen in English. */
export const shell: Texts<typeof nbShell> = {
  skipLink: 'Skip to content',
  checkingSession: 'Checking sign-in …',
  noConnectionTitle: 'No connection',
  noConnection: 'Could not reach the service. Check your network connection.',
  mainMenu: 'Main menu',
  menu: 'Menu',
  home: 'Home',
  rounds: 'Rounds',
  clubs: 'Clubs',
  account: 'Account',
  tournaments: 'Tournaments',
  feed: 'News',
  signIn: 'Sign in',
  notFoundTitle: 'Page not found',
  notFound: 'This address does not exist in Hullvis.',
  toFrontPage: 'To the front page',
  updatedTitle: 'Hullvis has been updated',
  updated: 'Reload the page to get the new version.',
  crashedTitle: 'Something went wrong on this page',
  crashed: 'Try reloading the page. What you have saved is not lost.',
};
