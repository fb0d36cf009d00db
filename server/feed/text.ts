import { type FeedFacts, feedSentence } from '../../shared/format/feed-sentence';
import type { Language } from '../../shared/values';
import { texts } from '../texts';

/**
 * An item's `text` (docs/contract.md section 10): its sentence in the reader's language, worded from its
 * facts by the catalogues' feedFacts area, the same words the app uses. Names as the fields have them.
 */
export function feedText(item: FeedFacts, language: Language): string {
  return feedSentence(item, language, (key, params) => texts.text(language, `feedFacts.${key}`, params)) ?? '';
}
