import type { Language } from '../languages.js';
import { en } from './en.js';
import { kg } from './kg.js';
import { ru, type UiResources } from './ru.js';

/** Namespace of shared's own strings. */
export const UI_NAMESPACE = 'ui';

export const uiResources: Record<Language, UiResources> = { kg, ru, en };
