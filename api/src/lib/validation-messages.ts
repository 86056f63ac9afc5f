import type { Messages, Templates } from './messages.js';

/**
 * A field that does not fit its schema, by the kind of rule it breaks, in the caller's language
 * (lib/validation-refusal.ts). The field is named before the text (`body/login: …`).
 */
export const VALIDATION_MESSAGES = {
  required: {
    ru: () => 'обязательное поле отсутствует',
    kg: () => 'милдеттүү талаа жок',
    en: () => 'is required',
  },
  additionalProperties: {
    ru: () => 'такого поля нет',
    kg: () => 'мындай талаа жок',
    en: () => 'is not a field of this request',
  },
  type: {
    ru: ({ v }) => `должно быть: ${v}`,
    kg: ({ v }) => `болушу керек: ${v}`,
    en: ({ v }) => `must be ${v}`,
  },
  minLength: {
    ru: ({ v }) => `должно содержать не меньше символов: ${v}`,
    kg: ({ v }) => `белгилердин саны ${v} кем болбошу керек`,
    en: ({ v }) => `must have at least ${v} characters`,
  },
  maxLength: {
    ru: ({ v }) => `должно содержать не больше символов: ${v}`,
    kg: ({ v }) => `белгилердин саны ${v} ашпашы керек`,
    en: ({ v }) => `must have at most ${v} characters`,
  },
  minimum: {
    ru: ({ v }) => `должно быть не меньше ${v}`,
    kg: ({ v }) => `${v} кем болбошу керек`,
    en: ({ v }) => `must be >= ${v}`,
  },
  maximum: {
    ru: ({ v }) => `должно быть не больше ${v}`,
    kg: ({ v }) => `${v} ашпашы керек`,
    en: ({ v }) => `must be <= ${v}`,
  },
  exclusiveMinimum: {
    ru: ({ v }) => `должно быть больше ${v}`,
    kg: ({ v }) => `${v} чоң болушу керек`,
    en: ({ v }) => `must be > ${v}`,
  },
  exclusiveMaximum: {
    ru: ({ v }) => `должно быть меньше ${v}`,
    kg: ({ v }) => `${v} кичине болушу керек`,
    en: ({ v }) => `must be < ${v}`,
  },
  oneOf: {
    ru: ({ v }) => `должно быть одним из значений: ${v}`,
    kg: ({ v }) => `төмөнкү маанилердин бири болушу керек: ${v}`,
    en: ({ v }) => `must be one of ${v}`,
  },
  pattern: {
    ru: () => 'имеет неверный формат',
    kg: () => 'форматы туура эмес',
    en: () => 'is not in the expected format',
  },
  minItems: {
    ru: ({ v }) => `должно содержать не меньше элементов: ${v}`,
    kg: ({ v }) => `элементтердин саны ${v} кем болбошу керек`,
    en: ({ v }) => `must have at least ${v} items`,
  },
  maxItems: {
    ru: ({ v }) => `должно содержать не больше элементов: ${v}`,
    kg: ({ v }) => `элементтердин саны ${v} ашпашы керек`,
    en: ({ v }) => `must have at most ${v} items`,
  },
  uniqueItems: {
    ru: () => 'не должно содержать повторов',
    kg: () => 'кайталанган элементтер болбошу керек',
    en: () => 'must not repeat an item',
  },
  invalid: {
    ru: () => 'недопустимое значение',
    kg: () => 'жараксыз маани',
    en: () => 'is not a valid value',
  },
} as const satisfies Templates<string, { v: string }>;

/** The JSON types a field may be asked to be. */
export const TYPE_NAMES = {
  integer: { ru: 'целое число', kg: 'бүтүн сан', en: 'integer' },
  number: { ru: 'число', kg: 'сан', en: 'number' },
  string: { ru: 'строка', kg: 'сап', en: 'string' },
  boolean: { ru: 'true или false', kg: 'true же false', en: 'boolean' },
  object: { ru: 'объект', kg: 'объект', en: 'object' },
  array: { ru: 'список', kg: 'тизме', en: 'array' },
  null: { ru: 'null', kg: 'null', en: 'null' },
} as const satisfies Messages<string>;
