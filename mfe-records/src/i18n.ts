import { registerNamespace } from '@lms/shared';
import en from './locales/en/records.json';
import kg from './locales/kg/records.json';
import ru from './locales/ru/records.json';

/** The remote's one i18n namespace, named after the remote (served too at /lms/locales/{lng}/records.json). */
export const NAMESPACE = 'records';

// Runs when the first exposed module loads, so the texts are there before anything renders,
// in the shell and in the standalone page alike.
registerNamespace(NAMESPACE, { kg, ru, en });
