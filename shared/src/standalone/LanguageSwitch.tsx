import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../i18n/i18n.js';
import { HTML_LANG, LANGUAGES } from '../i18n/languages.js';
import { LANGUAGE_LABELS, STANDALONE_NAMESPACE } from './resources.js';
import * as styles from './styles.js';

/** Кыр / Рус / Eng; the choice is persisted by changeLanguage (cookie and local storage). */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation(STANDALONE_NAMESPACE);
  return (
    <div role="group" aria-label={t('language')} style={styles.toolbar}>
      {LANGUAGES.map((lng) => (
        <button
          key={lng}
          type="button"
          lang={HTML_LANG[lng]}
          className="lms-ui-button"
          aria-pressed={i18n.resolvedLanguage === lng}
          onClick={() => void changeLanguage(lng)}
        >
          {LANGUAGE_LABELS[lng]}
        </button>
      ))}
    </div>
  );
}
