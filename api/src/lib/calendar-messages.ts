import type { Text } from './messages.js';

/** The names of the semesters of an academic year (the `ws` catalogue), in every language. */
export const WS_NAMES: Readonly<Record<1 | 2 | 3, Text>> = {
  1: { kg: 'Күзгү', ru: 'Осенний', en: 'Fall' },
  2: { kg: 'Жазгы', ru: 'Весенний', en: 'Spring' },
  3: { kg: 'Жайкы', ru: 'Летний', en: 'Summer' },
};
