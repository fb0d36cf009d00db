import { errors as enErrors } from '../shared/i18n/en/errors';
import { errors as nbErrors } from '../shared/i18n/nb/errors';
import { createRenderer } from '../shared/i18n/render';

/**
 * The server's words (decision 0020): the areas of the catalogues in shared/i18n that the server renders
 * itself (error bodies, mails, files), each under its area's name, in every language.
 */
export const texts = createRenderer({
  nb: { errors: nbErrors },
  en: { errors: enErrors },
});
