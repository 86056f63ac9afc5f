import { registerNamespace } from '@lms/shared';
import en from './locales/en/chat.json';
import kg from './locales/kg/chat.json';
import ru from './locales/ru/chat.json';

/** The remote's one i18n namespace, named after the remote (served too at /lms/locales/{lng}/chat.json). */
export const NAMESPACE = 'chat';

// Runs when the first exposed module loads, so the texts are there before anything renders,
// in the shell and in the standalone page alike.
registerNamespace(NAMESPACE, { kg, ru, en });
