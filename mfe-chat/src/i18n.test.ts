import { initI18n } from '@lms/shared';
import { describeNamespace } from '@lms/shared/testing';
import './i18n';
import en from './locales/en/chat.json';
import kg from './locales/kg/chat.json';
import ru from './locales/ru/chat.json';

beforeAll(() => initI18n());

describeNamespace('chat', { kg, ru, en });
