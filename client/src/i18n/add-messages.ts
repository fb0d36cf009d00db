import { i18n } from '.';

/**
 * Adds an area's Norwegian texts when the chunk of a screen that uses them loads, so a page carries only the
 * texts it shows (the main chunk has the shell's, messages/nb/main.ts). English comes whole (en.ts), once.
 */
export function addNorwegian(sections: object): void {
  i18n.addResourceBundle('nb', 'translation', sections, true, true);
}
