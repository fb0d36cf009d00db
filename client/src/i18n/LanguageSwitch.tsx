import { LANGUAGES, type Language } from '../../../shared/values';
import { applyLanguage, useLanguage } from '.';
import { storeLanguage } from './language';

/**
 * The signed-out language switch (sign-in screen): remembered on this browser, the screen changes at once.
 * Each language is named in itself, with its `lang`, so a screen reader says "English" in English.
 */
export function LanguageSwitch() {
  const { t, language } = useLanguage();
  function choose(next: Language) {
    storeLanguage(next);
    void applyLanguage(next);
  }
  return (
    <fieldset className="tabs language-switch" aria-label={t('language.label')}>
      {LANGUAGES.map((l) => (
        <button key={l} type="button" lang={l} aria-pressed={language === l} onClick={() => choose(l)}>
          {t(`language.${l}`)}
        </button>
      ))}
    </fieldset>
  );
}
