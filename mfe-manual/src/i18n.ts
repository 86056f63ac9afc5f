import { registerNamespace } from '@lms/shared';
import en from './locales/en/manual.json';
import kg from './locales/kg/manual.json';
import ru from './locales/ru/manual.json';

/** The remote's one i18n namespace, named after the remote (served too at /lms/locales/{lng}/manual.json). */
export const NAMESPACE = 'manual';

registerNamespace(NAMESPACE, { kg, ru, en });
