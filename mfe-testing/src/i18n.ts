import { registerNamespace } from '@lms/shared';
import en from './locales/en/testing.json';
import kg from './locales/kg/testing.json';
import ru from './locales/ru/testing.json';

/** The remote's one i18n namespace, named after the remote. */
export const NAMESPACE = 'testing';

registerNamespace(NAMESPACE, { kg, ru, en });
