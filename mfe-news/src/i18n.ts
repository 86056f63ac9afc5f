import { registerNamespace } from '@lms/shared';
import en from './locales/en/news.json';
import kg from './locales/kg/news.json';
import ru from './locales/ru/news.json';

/** The remote's one i18n namespace, named after the remote (served too at /lms/locales/{lng}/news.json). */
export const NAMESPACE = 'news';

// Runs when the first exposed module loads, so the texts are there before anything renders,
// in the shell and in the standalone page alike.
registerNamespace(NAMESPACE, { kg, ru, en });
