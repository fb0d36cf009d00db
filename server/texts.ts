import { calendar as enCalendar } from '../shared/i18n/en/calendar';
import { calendar as nbCalendar } from '../shared/i18n/nb/calendar';
import { errors as enErrors } from '../shared/i18n/en/errors';
import { errors as nbErrors } from '../shared/i18n/nb/errors';
import { feedFacts as enFeedFacts } from '../shared/i18n/en/feedFacts';
import { feedFacts as nbFeedFacts } from '../shared/i18n/nb/feedFacts';
import { mail as enMail } from '../shared/i18n/en/mail';
import { mail as nbMail } from '../shared/i18n/nb/mail';
import { paper as enPaper } from '../shared/i18n/en/paper';
import { paper as nbPaper } from '../shared/i18n/nb/paper';
import { values as enValues } from '../shared/i18n/en/values';
import { values as nbValues } from '../shared/i18n/nb/values';
import { createRenderer } from '../shared/i18n/render';

/**
 * The server's words (decision 0020): the areas of the catalogues in shared/i18n that the server renders
 * itself (error bodies, mails, files, calendars), each under its area's name, in every language.
 */
export const texts = createRenderer({
  nb: {
    calendar: nbCalendar,
    errors: nbErrors,
    feedFacts: nbFeedFacts,
    mail: nbMail,
    paper: nbPaper,
    values: nbValues,
  },
  en: {
    calendar: enCalendar,
    errors: enErrors,
    feedFacts: enFeedFacts,
    mail: enMail,
    paper: enPaper,
    values: enValues,
  },
});
