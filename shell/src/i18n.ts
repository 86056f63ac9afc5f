import { registerNamespace } from '@lms/shared';
import en from './locales/en/common.json';
import kg from './locales/kg/common.json';
import ru from './locales/ru/common.json';

/** The shell's texts, embedded in its bundle (the same files are served under /lms/locales). */
export function registerShellLocales(): void {
  registerNamespace('common', { kg, ru, en });
}
