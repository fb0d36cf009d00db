import { type FeedFacts, feedSentence as sentenceOf } from '../../../../shared/format/feed-sentence';
import type { FeedItem } from '../../../../shared/schemas/feed';
import type { Language } from '../../../../shared/values';
import { shownName } from '../../i18n/names';
import { feedWord } from './feed-words';

/**
 * An item's sentence in `language`, worded from its facts (shared/format/feed-sentence.ts), with the API's
 * placeholder names in the reader's language. Null for a kind this app does not know yet.
 */
export function feedSentence(item: FeedFacts, language: Language): string | null {
  return sentenceOf(
    item,
    language,
    (key, params) => feedWord(language, key, params),
    (name) => shownName(name, language),
  );
}

/** The sentence the app shows: worded from the item's facts, or the server's text for a kind the app does not know. */
export function shownText(item: FeedItem, language: Language): string {
  return feedSentence(item, language) ?? item.text;
}
