import type { FeedFactsKey } from '../../../../shared/format/feed-sentence';
import { feedFacts as en } from '../../../../shared/i18n/en/feedFacts';
import { feedFacts as nb } from '../../../../shared/i18n/nb/feedFacts';
import { createRenderer } from '../../../../shared/i18n/render';
import type { TextParams } from '../../../../shared/i18n/types';
import type { Language } from '../../../../shared/values';

/**
 * The feed's words (the catalogues' feedFacts area), the same the server words an item's `text` with.
 * Rendered apart from the app's i18n instance until the area joins the app's catalogue (decision 0025).
 */
const feedWords = createRenderer({ nb: { feedFacts: nb }, en: { feedFacts: en } });

/** A word of the feedFacts area in the reader's language. */
export function feedWord(language: Language, key: FeedFactsKey, params?: TextParams): string {
  return feedWords.text(language, `feedFacts.${key}`, params);
}
