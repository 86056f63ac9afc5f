import { registerNamespace } from '@lms/shared';
import en from './locales/en/campus.json';
import kg from './locales/kg/campus.json';
import ru from './locales/ru/campus.json';

/** The remote's one i18n namespace, named after the remote (served too at /lms/locales/{lng}/campus.json). */
export const NAMESPACE = 'campus';

registerNamespace(NAMESPACE, { kg, ru, en });
