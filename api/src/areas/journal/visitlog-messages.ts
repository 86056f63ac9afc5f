import type { Messages, Templates } from '../../lib/messages.js';

// The attendance journal's texts (visitlog) in the request's language: notifications of its writes,
// refusals, and the words of its CSV/XLSX exports.

/** Notifications (`sms`) of the journal's writes. */
export const VISITLOG_NOTICES = {
  saved: {
    kg: 'Катышуу сакталды',
    ru: 'Посещаемость сохранена',
    en: 'Attendance saved',
  },
  listCreated: {
    kg: 'Сабактын студенттер тизмеси түзүлдү',
    ru: 'Список студентов занятия сформирован',
    en: "The lesson's student list is ready",
  },
  removedFromList: {
    kg: 'Студент сабактын тизмесинен өчүрүлдү',
    ru: 'Студент удалён из списка занятия',
    en: "The student was removed from the lesson's list",
  },
  lessonDeleted: {
    kg: 'Сабак өчүрүлдү',
    ru: 'Занятие удалено',
    en: 'Lesson deleted',
  },
  topicSaved: {
    kg: 'Сабактын темасы сакталды',
    ru: 'Тема занятия сохранена',
    en: "The lesson's topic is saved",
  },
} as const satisfies Messages<string>;

/** Refusals of the journal (400/404/409), by code (journal-rules.ts decides most of them). */
export const VISITLOG_MESSAGES = {
  invalidMark: {
    kg: 'Мындай белги коюуга болбойт: шкаладагы бааны, «н/б» же бош (катышты) тандаңыз',
    ru: 'Недопустимая отметка: выберите оценку из шкалы, «н/б» или пусто (присутствовал)',
    en: 'Invalid mark: choose a grade of the scale, «н/б» (absent) or nothing (present)',
  },
  invalidDate: {
    kg: 'Сабактын датасы туура эмес',
    ru: 'Неверная дата занятия',
    en: "The lesson's date is not valid",
  },
  unknownForm: {
    kg: 'Мындай окуу формасы жок',
    ru: 'Неизвестная форма обучения',
    en: 'Unknown form of education',
  },
  subgroupMismatch: {
    kg: 'Бул топчо тандалган топко кирбейт',
    ru: 'Подгруппа не относится к выбранной группе',
    en: 'The subgroup does not belong to the chosen group',
  },
  studentNotInLesson: {
    kg: 'Студент бул сабактын тобуна (топчосуна) кирбейт',
    ru: 'Студент не относится к группе (подгруппе) этого занятия',
    en: "The student is not in this lesson's group (subgroup)",
  },
  lessonMissing: {
    kg: 'Сабак табылган жок',
    ru: 'Занятие не найдено',
    en: 'Lesson not found',
  },
  notOnList: {
    kg: 'Студент бул сабактын тизмесинде жок',
    ru: 'Студента нет в списке этого занятия',
    en: "The student is not on this lesson's list",
  },
  moduleMismatch: {
    kg: 'Модуль сабактын дисциплинасына кирбейт',
    ru: 'Модуль не относится к дисциплине занятия',
    en: "The module does not belong to the lesson's discipline",
  },
  cellChanged: {
    kg: 'Белгини башка түзмөктө же башка колдонуучу өзгөрттү: сиздин белгиңиз сакталган жок, уячада азыркы белги көрсөтүлдү',
    ru: 'Отметку уже изменили на другом устройстве или другой пользователь: ваша отметка не сохранена, в ячейке показана текущая',
    en: 'The mark was changed on another device or by someone else: yours was not saved, the cell shows the current one',
  },
} as const satisfies Messages<string>;

export type VisitlogRefusal = keyof typeof VISITLOG_MESSAGES;

/** Refusals with values: a colleague's lesson names who gives it. */
export const VISITLOG_TEMPLATES = {
  colleaguesLesson: {
    kg: ({ teacher }) =>
      `Бул сабакты ${teacher} өтөт: анын белгилерин, темасын жана студенттердин тизмесин ал гана өзгөртөт, сиз аларды көрө гана аласыз`,
    ru: ({ teacher }) =>
      `Это занятие ведёт ${teacher}: его отметки, тему и список студентов меняет только он(а), вы можете их только просматривать`,
    en: ({ teacher }) =>
      `This lesson is given by ${teacher}: only they change its marks, topic and student list; you can only view them`,
  },
} as const satisfies Templates<'colleaguesLesson', { teacher: string }>;

/** The words of the journal's CSV/XLSX exports. */
export const EXPORT_TEXTS = {
  /** The file name's first word and the XLSX sheet's name. */
  journal: { kg: 'Журнал', ru: 'Журнал', en: 'Journal' },
  number: { kg: '№', ru: '№', en: 'No.' },
  student: { kg: 'Аты-жөнү', ru: 'ФИО', en: 'Full name' },
  absences: { kg: 'Калтыруулар', ru: 'Пропуски', en: 'Absences' },
  absenceHours: { kg: 'Калтырылган сааттар', ru: 'Часы пропусков', en: 'Hours missed' },
  total: { kg: 'Жалпы балл', ru: 'Сумма', en: 'Total' },
  average: { kg: 'Орточо балл', ru: 'Средний балл', en: 'Average' },
  attendance: { kg: 'Катышуу, %', ru: 'Посещаемость, %', en: 'Attendance, %' },
  /** What a reader sees for the absence mark (the grid's wire value stays ABSENCE_MARK). */
  absent: { kg: 'к/ж', ru: 'н/б', en: 'abs' },
} as const satisfies Messages<string>;

export const EXPORT_TEMPLATES = {
  /** A subgroup after the group's name. */
  subgroup: {
    kg: ({ group, subgroup }) => `${group} (топчо ${subgroup})`,
    ru: ({ group, subgroup }) => `${group} (подгруппа ${subgroup})`,
    en: ({ group, subgroup }) => `${group} (subgroup ${subgroup})`,
  },
} as const satisfies Templates<'subgroup', { group: string; subgroup: string }>;
