import { feedFacts as enFeedFacts } from '../shared/i18n/en/feedFacts';
import { mail as enMail } from '../shared/i18n/en/mail';
import { values as enValues } from '../shared/i18n/en/values';
import { feedFacts as nbFeedFacts } from '../shared/i18n/nb/feedFacts';
import { mail as nbMail } from '../shared/i18n/nb/mail';
import { values as nbValues } from '../shared/i18n/nb/values';
import { createRenderer } from '../shared/i18n/render';

/**
 * The server's words (decision 0020): the areas of the catalogues in shared/i18n that the server renders
 * itself (error bodies, mails, files), each under its area's name, in every language.
 */
export const texts = createRenderer({
  nb: { feedFacts: nbFeedFacts, mail: nbMail, values: nbValues },
  en: { feedFacts: enFeedFacts, mail: enMail, values: enValues },
});
