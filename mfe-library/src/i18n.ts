import { registerNamespace } from '@lms/shared';
import en from './locales/en/library.json';
import kg from './locales/kg/library.json';
import ru from './locales/ru/library.json';

/** The remote's one i18n namespace, named after the remote (served too at /lms/locales/{lng}/library.json). */
export const NAMESPACE = 'library';

// Runs when the first exposed module loads, so the texts are there before anything renders,
// in the shell and in the standalone page alike.
registerNamespace(NAMESPACE, { kg, ru, en });
