import { registerNamespace } from '@lms/shared';
import en from './locales/en/planning.json';
import kg from './locales/kg/planning.json';
import ru from './locales/ru/planning.json';

/** The remote's one i18n namespace, named after the remote (served too at /lms/locales/{lng}/planning.json). */
export const NAMESPACE = 'planning';

// Runs when the first exposed module loads, so the texts are there before anything renders,
// in the shell and in the standalone page alike.
registerNamespace(NAMESPACE, { kg, ru, en });
