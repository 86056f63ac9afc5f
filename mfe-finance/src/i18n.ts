import { registerNamespace } from '@lms/shared';
import en from './locales/en/finance.json';
import kg from './locales/kg/finance.json';
import ru from './locales/ru/finance.json';

/** The remote's one i18n namespace, named after the remote (served too at /lms/locales/{lng}/finance.json). */
export const NAMESPACE = 'finance';

// Runs when the first exposed module loads, so the texts are there before anything renders,
// in the shell and in the standalone page alike.
registerNamespace(NAMESPACE, { kg, ru, en });
