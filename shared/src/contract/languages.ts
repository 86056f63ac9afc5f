// The interface languages, for the server too: catalogue data is answered in the request's one.
export { LANGUAGES, DEFAULT_LANGUAGE, isLanguage, type Language } from '../i18n/languages.js';
