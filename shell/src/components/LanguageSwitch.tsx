import { useTranslation } from 'react-i18next';
import { changeLanguage, LANGUAGES, type Language } from '@lms/shared';
import styles from './LanguageSwitch.module.css';

// BCP 47 tags, so screen readers pronounce each label in its own language ('kg' is not one).
const LANG_TAG: Record<Language, string> = { kg: 'ky', ru: 'ru', en: 'en' };

/** Кыр / Рус / Eng: the pressed button is the current language. */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const current = i18n.resolvedLanguage ?? i18n.language;
  return (
    <div
      role="group"
      aria-label={t('language.label')}
      className={[styles.group, className].filter(Boolean).join(' ')}
    >
      {LANGUAGES.map((lng: Language) => (
        <button
          key={lng}
          type="button"
          lang={LANG_TAG[lng]}
          className={styles.option}
          aria-pressed={current === lng}
          // The visible short name stays the accessible name (label in name); the full name is a hint.
          title={t(`language.name.${lng}`)}
          onClick={() => void changeLanguage(lng)}
        >
          {t(`language.short.${lng}`)}
        </button>
      ))}
    </div>
  );
}
