import type { Messages, Templates } from './messages.js';

/** Refusals of input the databases cannot hold, in the caller's language (lib/input-rules.ts). */
export const INPUT_MESSAGES = {
  invalid: { ru: 'Неверный запрос', kg: 'Туура эмес суроо-талап', en: 'Invalid request' },
  noNul: {
    ru: 'не должно содержать символ NUL',
    kg: 'NUL белгисин камтыбашы керек',
    en: 'must not contain the NUL character',
  },
  nulInAddress: {
    ru: 'Неверный запрос: адрес содержит символ NUL',
    kg: 'Туура эмес суроо-талап: даректе NUL белгиси бар',
    en: 'Invalid request: the address contains the NUL character',
  },
  notStorable: {
    ru: 'Неверный запрос: значение не может быть сохранено (слишком большое число или недопустимый символ)',
    kg: 'Туура эмес суроо-талап: маани сакталбайт (өтө чоң сан же жараксыз белги)',
    en: 'Invalid request: a value cannot be stored (a number too large or a character not allowed)',
  },
} as const satisfies Messages<string>;

/** A number outside what an integer column holds, with the bound it broke. */
export const LIMIT_MESSAGES = {
  maximum: {
    ru: ({ n }) => `должно быть не больше ${n}`,
    kg: ({ n }) => `${n} ашпашы керек`,
    en: ({ n }) => `must be <= ${n}`,
  },
  minimum: {
    ru: ({ n }) => `должно быть не меньше ${n}`,
    kg: ({ n }) => `${n} кем болбошу керек`,
    en: ({ n }) => `must be >= ${n}`,
  },
  digitsMax: {
    ru: ({ n }) => `должно быть числом не больше ${n}`,
    kg: ({ n }) => `${n} ашпаган сан болушу керек`,
    en: ({ n }) => `must be a number not above ${n}`,
  },
} as const satisfies Templates<'maximum' | 'minimum' | 'digitsMax', { n: number }>;
