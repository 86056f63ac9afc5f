import type { Messages } from '../../lib/messages.js';

/** The words of the printed statement (the paper form), in every language. */
export const PRINT_TEXTS = {
  examTitle: {
    kg: 'ЭКЗАМЕНДИК ВЕДОМОСТЬ',
    ru: 'ЭКЗАМЕНАЦИОННАЯ ВЕДОМОСТЬ',
    en: 'EXAMINATION STATEMENT',
  },
  creditTitle: { kg: 'СЫНАК ВЕДОМОСТУ', ru: 'ЗАЧЁТНАЯ ВЕДОМОСТЬ', en: 'CREDIT STATEMENT' },
  number: { kg: '№', ru: '№', en: 'No.' },
  retakeOf: {
    kg: 'Кайра тапшыруу ведомосту, баштапкысы №',
    ru: 'Ведомость пересдачи к ведомости №',
    en: 'Retake sheet of statement No.',
  },
  supersededBy: {
    kg: 'жаңы ведомость менен алмаштырылган №',
    ru: 'заменена новой ведомостью №',
    en: 'superseded by newer sheet No.',
  },
  draft: {
    kg: 'КАРАЛАМА: кол коюлган эмес, жарактуу эмес',
    ru: 'ЧЕРНОВИК: не подписана, недействительна',
    en: 'DRAFT: not signed, not valid',
  },
  faculty: { kg: 'Факультет', ru: 'Факультет', en: 'Faculty' },
  speciality: { kg: 'Адистик', ru: 'Специальность', en: 'Speciality' },
  discipline: { kg: 'Сабак', ru: 'Дисциплина', en: 'Discipline' },
  group: { kg: 'Топ', ru: 'Группа', en: 'Group' },
  year: { kg: 'Окуу жылы', ru: 'Учебный год', en: 'Academic year' },
  semester: { kg: 'Семестр', ru: 'Семестр', en: 'Semester' },
  credits: { kg: 'Кредиттер', ru: 'Кредиты', en: 'Credits' },
  control: { kg: 'Текшерүү формасы', ru: 'Форма контроля', en: 'Form of control' },
  exam: { kg: 'экзамен', ru: 'экзамен', en: 'exam' },
  credit: { kg: 'сынак', ru: 'зачёт', en: 'credit' },
  teacher: { kg: 'Окутуучу', ru: 'Преподаватель', en: 'Teacher' },
  student: { kg: 'Студенттин аты-жөнү', ru: 'ФИО студента', en: 'Student' },
  current: { kg: 'Учурдагы', ru: 'Текущий', en: 'Current' },
  examPoints: { kg: 'Экзамен', ru: 'Экзамен', en: 'Exam' },
  creditPoints: { kg: 'Сынак', ru: 'Зачёт', en: 'Credit' },
  final: { kg: 'Жыйынтык (100)', ru: 'Итог (100)', en: 'Final (100)' },
  letter: { kg: 'Тамга', ru: 'Буква', en: 'Letter' },
  grade: { kg: 'Улуттук баа', ru: 'Оценка', en: 'National grade' },
  notAdmitted: { kg: 'жол берилген эмес', ru: 'не допущен', en: 'not admitted' },
  absences: { kg: 'сабак калтыруулар', ru: 'пропуски', en: 'absences' },
  hold: { kg: 'төлөм боюнча карыз', ru: 'задолженность по оплате', en: 'unpaid tuition' },
  notEntered: { kg: 'коюлган эмес', ru: 'не выставлено', en: 'not entered' },
  grade5: { kg: 'эң жакшы', ru: 'отлично', en: 'excellent' },
  grade4: { kg: 'жакшы', ru: 'хорошо', en: 'good' },
  grade3: { kg: 'канааттандырарлык', ru: 'удовлетворительно', en: 'satisfactory' },
  grade2: { kg: 'канааттандырарлык эмес', ru: 'неудовлетворительно', en: 'unsatisfactory' },
  totals: { kg: 'Жыйынтыгы', ru: 'Итого', en: 'Totals' },
  students: { kg: 'Студенттер', ru: 'Студентов', en: 'Students' },
  signedBy: { kg: 'Окутуучу кол койду', ru: 'Подписал преподаватель', en: 'Signed by the teacher' },
  passkeySigned: {
    kg: 'Окутуучунун кирүү ачкычы (passkey, WebAuthn) менен төмөнкү хэшке кол коюлган',
    ru: 'Подписано ключом доступа преподавателя (passkey, WebAuthn) по хэшу ниже',
    en: 'Signed with the teacher’s passkey (WebAuthn) over the digest below',
  },
  confirmedBy: {
    kg: 'Катчылык кеңсеси тастыктады',
    ru: 'Утвердил офис регистратора',
    en: 'Confirmed by the registrar’s office',
  },
  lockedAt: { kg: 'Жабылды', ru: 'Закрыта', en: 'Locked' },
  notYet: { kg: 'азырынча жок', ru: 'ещё нет', en: 'not yet' },
  digest: {
    kg: 'Мазмундун санариптик изи (SHA-256)',
    ru: 'Цифровой отпечаток содержимого (SHA-256)',
    en: 'Content digest (SHA-256)',
  },
} as const satisfies Messages<string>;

export type PrintText = keyof typeof PRINT_TEXTS;

/** The public page of a statement's QR: its words in every language. */
export const STATEMENT_VERIFY_TEXTS = {
  title: {
    kg: 'Ведомостту текшерүү',
    ru: 'Проверка ведомости',
    en: 'Statement verification',
  },
  unknown: {
    kg: 'Мындай ведомость жок: шилтеме туура эмес',
    ru: 'Такой ведомости нет: ссылка неверна',
    en: 'No such statement: the link is not valid',
  },
  draft: {
    kg: 'Ведомость кол коюлган эмес: ал жарактуу эмес',
    ru: 'Ведомость не подписана: она недействительна',
    en: 'The statement is not signed: it is not valid',
  },
  signed: {
    kg: 'Чыныгы: окутуучу кол койгон, катчылык кеңсеси тастыктай элек',
    ru: 'Подлинная: подписана преподавателем, ещё не утверждена офисом регистратора',
    en: 'Genuine: signed by the teacher, not yet confirmed by the registrar’s office',
  },
  confirmed: {
    kg: 'Чыныгы: кол коюлган жана тастыкталган, баалар жазууда',
    ru: 'Подлинная: подписана и утверждена, оценки внесены в записи',
    en: 'Genuine: signed and confirmed, the grades are in the record',
  },
  locked: {
    kg: 'Чыныгы: тастыкталган жана жабылган, мындан ары өзгөрбөйт',
    ru: 'Подлинная: утверждена и закрыта, больше не изменится',
    en: 'Genuine: confirmed and locked, it will not change again',
  },
  tampered: {
    kg: 'Ведомостун мазмуну кол коюлгандан кийин өзгөргөн',
    ru: 'Содержимое ведомости изменилось после подписи',
    en: 'The statement’s content changed after it was signed',
  },
  statement: { kg: 'Ведомость', ru: 'Ведомость', en: 'Statement' },
  signedAt: { kg: 'Кол коюлган', ru: 'Подписана', en: 'Signed' },
  signedWith: { kg: 'Кол тамга', ru: 'Подпись', en: 'Signature' },
  passkey: {
    kg: 'окутуучунун кирүү ачкычы (passkey, WebAuthn)',
    ru: 'ключ доступа преподавателя (passkey, WebAuthn)',
    en: 'the teacher’s passkey (WebAuthn)',
  },
  confirmedAt: { kg: 'Тастыкталган', ru: 'Утверждена', en: 'Confirmed' },
  superseded: {
    kg: 'Мындан жаңы ведомость менен алмаштырылган',
    ru: 'Заменена более новой ведомостью',
    en: 'Superseded by a newer sheet',
  },
  supersededPart: {
    kg: 'Айрым студенттердин баалары жаңы ведомость менен алмаштырылган',
    ru: 'Оценки некоторых студентов заменены более новой ведомостью',
    en: 'Some students’ grades are superseded by a newer sheet',
  },
  newerSheet: { kg: 'Жаңы ведомость', ru: 'Новая ведомость', en: 'Newer sheet' },
  retakeOf: {
    kg: 'Кайра тапшыруу ведомосту, баштапкысы',
    ru: 'Ведомость пересдачи к ведомости',
    en: 'Retake sheet of statement',
  },
} as const satisfies Messages<string>;
