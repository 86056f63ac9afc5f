import { registerNamespace } from '@lms/shared';
import en from './locales/en/registration.json';
import kg from './locales/kg/registration.json';
import ru from './locales/ru/registration.json';

/** The remote's one i18n namespace, named after the remote (served too at /lms/locales/{lng}/registration.json). */
export const NAMESPACE = 'registration';

// Runs when the first exposed module loads, so the texts are there before anything renders,
// in the shell and in the standalone page alike.
registerNamespace(NAMESPACE, { kg, ru, en });
