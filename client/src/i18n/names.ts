import { DELETED_ACCOUNT, UNNAMED_MEMBER, UNNAMED_PLAYER } from '../../../shared/placeholder-names';
import type { Language } from '../../../shared/values';
import { i18n } from '.';

const PLACEHOLDERS = {
  [UNNAMED_PLAYER]: 'common.unnamedPlayer',
  [UNNAMED_MEMBER]: 'common.unnamedMember',
  [DELETED_ACCOUNT]: 'common.deletedAccount',
} as const;

/**
 * A person's name as the API sent it, with the API's Norwegian words for "no name" and "deleted account"
 * (shared/placeholder-names.ts) in the reader's language. Someone who has named themselves "Uten navn" is
 * shown the same way; the API has no other way to tell.
 */
export function shownName(name: string, language: Language): string {
  const key = Object.hasOwn(PLACEHOLDERS, name) ? PLACEHOLDERS[name as keyof typeof PLACEHOLDERS] : null;
  return key === null || language === 'nb' ? name : i18n.getFixedT(language)(key);
}
