import type { Messages } from '../../lib/messages.js';
import type { AnswerRefusal, DraftRefusal, OpenRefusal } from './rules.js';

/** The refusals of the office's writes, in every language. */
export const DRAFT_MESSAGES = {
  blankText: {
    kg: 'Бардык тексттерди үч тилде толтуруңуз',
    ru: 'Заполните все тексты на трёх языках',
    en: 'Fill in every text in all three languages',
  },
  scaleLabels: {
    kg: 'Шкала үчүн беш белги жазыңыз (1ден 5ке чейин)',
    ru: 'Для шкалы нужны пять подписей (от 1 до 5)',
    en: 'A scale needs five labels (1 to 5)',
  },
  choiceOptions: {
    kg: 'Тандоо үчүн 2ден 10го чейин вариант жазыңыз',
    ru: 'Для выбора нужно от 2 до 10 вариантов',
    en: 'A choice needs 2 to 10 options',
  },
  textOptions: {
    kg: 'Эркин жооптун варианттары болбойт',
    ru: 'У свободного ответа не бывает вариантов',
    en: 'A free-text item has no options',
  },
} as const satisfies Messages<DraftRefusal>;

export const OPEN_MESSAGES = {
  alreadyOpened: {
    kg: 'Бул сурамжылоо мурун эле ачылган',
    ru: 'Эта анкета уже открыта',
    en: 'This questionnaire has already been opened',
  },
  datesReversed: {
    kg: 'Жабылуу күнү ачылуу күнүнөн мурун боло албайт',
    ru: 'Дата закрытия не может быть раньше даты открытия',
    en: 'The closing date cannot come before the opening date',
  },
  closesInPast: {
    kg: 'Жабылуу күнү өтүп кеткен',
    ru: 'Дата закрытия уже прошла',
    en: 'The closing date has already passed',
  },
  noTeaching: {
    kg: 'Бул семестрде сабак берүү жок',
    ru: 'В этом семестре нет преподавания',
    en: 'There is no teaching in this semester',
  },
} as const satisfies Messages<OpenRefusal>;

export const ANSWER_MESSAGES = {
  unknownItem: {
    kg: 'Сурамжылоодо мындай суроо жок',
    ru: 'В анкете нет такого вопроса',
    en: 'The questionnaire has no such item',
  },
  repeatedItem: {
    kg: 'Ар бир суроого бир жолу жооп бериңиз',
    ru: 'На каждый вопрос отвечайте один раз',
    en: 'Answer each item once',
  },
  wrongAnswer: {
    kg: 'Жооп суроонун түрүнө туура келбейт',
    ru: 'Ответ не подходит к типу вопроса',
    en: 'The answer does not fit the item',
  },
  nothingAnswered: {
    kg: 'Жок дегенде бир суроого жооп бериңиз',
    ru: 'Ответьте хотя бы на один вопрос',
    en: 'Answer at least one item',
  },
  alreadyAnswered: {
    kg: 'Сиз бул сабак боюнча мурун эле жооп бергенсиз',
    ru: 'Вы уже ответили по этой дисциплине',
    en: 'You have already answered for this discipline',
  },
} as const satisfies Messages<AnswerRefusal | 'alreadyAnswered'>;

/** What the user reads after a write. */
export const NOTICES = {
  saved: { kg: 'Сурамжылоо сакталды', ru: 'Анкета сохранена', en: 'Questionnaire saved' },
  opened: { kg: 'Сурамжылоо ачылды', ru: 'Анкета открыта', en: 'Questionnaire opened' },
  answered: {
    kg: 'Рахмат! Жообуңуз кабыл алынды',
    ru: 'Спасибо! Ваш ответ принят',
    en: 'Thank you! Your answer has been received',
  },
} as const satisfies Messages<'saved' | 'opened' | 'answered'>;
