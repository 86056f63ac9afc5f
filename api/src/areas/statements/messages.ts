import { ApiError } from '../../lib/http.js';
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
  | 'badDeadline'
  | 'noPasskey'
  | 'passkeyMismatch'
  | 'passkeyExpired'
  | 'passkeyInvalid'
  | 'retakeOfRetake'
  | 'notConfirmed'
  | 'retakeOpen';

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
  noPasskey: {
    kg: 'Кол коюу үчүн адегенде бул түзмөктүн кирүү ачкычын (passkey) каттаңыз',
    ru: 'Чтобы подписать, сначала зарегистрируйте ключ доступа (passkey) этого устройства',
    en: 'To sign, first register a passkey on this device',
  },
  passkeyMismatch: {
    kg: 'Кирүү ачкычынын кол тамгасы бул ведомостун ушул мазмунуна коюлган эмес',
    ru: 'Подпись ключом доступа поставлена не под это содержимое этой ведомости',
    en: 'The passkey signature is not for this content of this statement',
  },
  passkeyExpired: {
    kg: 'Кол коюу суроосунун мөөнөтү өттү: кайра кол коюңуз',
    ru: 'Запрос подписи устарел: подпишите ещё раз',
    en: 'The signing request has expired: sign again',
  },
  passkeyInvalid: {
    kg: 'Кирүү ачкычы кабыл алынган жок: өзүңүздүн катталган ачкычыңыз менен кол коюңуз',
    ru: 'Ключ доступа не принят: подпишите своим зарегистрированным ключом',
    en: 'The passkey was not accepted: sign with your own registered passkey',
  },
  retakeOfRetake: {
    kg: 'Кайра тапшыруу ведомосту баштапкы ведомосттон гана ачылат',
    ru: 'Ведомость пересдачи открывается только из исходной ведомости',
    en: 'A retake sheet is opened from the original statement only',
  },
  notConfirmed: {
    kg: 'Кайра тапшыруу ведомосту тастыкталган ведомостко гана ачылат',
    ru: 'Ведомость пересдачи открывается только по утверждённой ведомости',
    en: 'A retake sheet can only be opened for a confirmed statement',
  },
  retakeOpen: {
    kg: 'Бул студенттин кайра тапшыруу ведомосту буга чейин ачык',
    ru: 'У этого студента уже есть открытая ведомость пересдачи',
    en: 'This student already has a retake sheet under way',
  },
} as const satisfies Messages<StatementRefusal>;

/** The status each refusal answers with. */
const STATUS: Record<StatementRefusal, 400 | 409> = {
  locked: 409,
  wrongState: 409,
  notOnStatement: 400,
  notAdmitted: 400,
  missingExam: 400,
  empty: 400,
  changed: 409,
  tampered: 409,
  notTeaching: 400,
  duplicate: 409,
  recorded: 409,
  badDeadline: 400,
  noPasskey: 409,
  passkeyMismatch: 400,
  passkeyExpired: 400,
  passkeyInvalid: 400,
  retakeOfRetake: 400,
  notConfirmed: 409,
  retakeOpen: 409,
};

/** The refusal as the API answers it. */
export const refuse = (code: StatementRefusal) =>
  new ApiError(STATUS[code], STATEMENTS_MESSAGES[code]);
