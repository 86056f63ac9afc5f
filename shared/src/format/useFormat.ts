import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage } from '../i18n/languages.js';
import { formatterFor, type Format } from './locale.js';

/** The formatter of the current language; a component using it re-renders when it changes. */
export function useFormat(): Format {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return formatterFor(isLanguage(language) ? language : DEFAULT_LANGUAGE);
}
