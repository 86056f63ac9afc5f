import { registerNamespace } from '@lms/shared';
import en from './locales/en/journal.json';
import kg from './locales/kg/journal.json';
import ru from './locales/ru/journal.json';

/** The remote's one i18n namespace, named after the remote (served too at /lms/locales/{lng}/journal.json). */
export const NAMESPACE = 'journal';

// Runs when the first exposed module loads, so the texts are there before anything renders,
// in the shell and in the standalone page alike.
registerNamespace(NAMESPACE, { kg, ru, en });
