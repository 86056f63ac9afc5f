import type { Messages } from '../../lib/messages.js';

/** Why a statement's action is refused (service.ts gives each its status). */
export type StatementRefusal =
  | 'locked'
  | 'wrongState'
  | 'notOnStatement'
  | 'notAdmitted'
  | 'missingExam'
  | 'empty'
  | 'changed'
  | 'tampered'
  | 'notTeaching'
  | 'duplicate'
  | 'recorded'
  | 'badDeadline';

/** The statement's refusals, in every language (the error handler answers the caller's). */
export const STATEMENTS_MESSAGES = {
  locked: {
    kg: 'Ведомость жабылган: аны өзгөртүүгө болбойт',
    ru: 'Ведомость закрыта: изменить её нельзя',
    en: 'The statement is locked and cannot be changed',
  },
  wrongState: {
    kg: 'Ведомостун азыркы абалында бул аракетке болбойт',
    ru: 'В текущем состоянии ведомости это действие невозможно',
    en: 'This step is not possible in the statement’s current state',
  },
  notOnStatement: {
    kg: 'Бул студент ведомостто жок',
    ru: 'Этого студента нет в ведомости',
    en: 'This student is not on the statement',
  },
  notAdmitted: {
    kg: 'Студент жол берилген эмес: баа коюуга болбойт',
    ru: 'Студент не допущен: оценку поставить нельзя',
    en: 'The student is not admitted: no grade can be entered',
  },
  missingExam: {
    kg: 'Жол берилген ар бир студенттин баллын киргизиңиз',
    ru: 'Введите баллы каждого допущенного студента',
    en: 'Enter the points of every admitted student',
  },
  empty: {
    kg: 'Ведомостто студенттер жок',
    ru: 'В ведомости нет студентов',
    en: 'The statement lists no students',
  },
  changed: {
    kg: 'Ведомость өзгөрдү: аны кайра ачып, текшериңиз',
    ru: 'Ведомость изменилась: откройте её заново и проверьте',
    en: 'The statement has changed: open it again and check it',
  },
  tampered: {
    kg: 'Кол тамга ведомостун мазмунуна дал келбейт',
    ru: 'Подпись не соответствует содержимому ведомости',
    en: 'The signature does not match the statement’s content',
  },
  notTeaching: {
    kg: 'Бул окутуучу бул топко бул сабакты окутпайт',
    ru: 'Этот преподаватель не ведёт эту дисциплину в этой группе',
    en: 'This teacher does not teach this discipline to this group',
  },
  duplicate: {
    kg: 'Мындай ведомость бар',
    ru: 'Такая ведомость уже есть',
    en: 'This statement already exists',
  },
  recorded: {
    kg: 'Бул баалар студенттин жазуусунда бар',
    ru: 'Эти оценки уже есть в записи студента',
    en: 'These grades are already in the student’s record',
  },
  badDeadline: {
    kg: 'Мөөнөт туура эмес күн',
    ru: 'Срок — неверная дата',
    en: 'The deadline is not a valid date',
  },
} as const satisfies Messages<StatementRefusal>;
