import type { QrRefusal } from '@lms/shared/contract';
import type { Messages, Templates } from '../../lib/messages.js';

// The QR check-in's and the passkeys' texts, in every language of the portal.

/** A QR check-in's refusals in the student's language (the scan screen shows them as they are). */
export const QR_REFUSAL_MESSAGES: Messages<QrRefusal> = {
  tokenInvalid: {
    ru: 'QR-код не распознан: отсканируйте код на экране аудитории ещё раз',
    kg: 'QR-код таанылган жок: аудиториядагы экрандагы кодду кайра сканерлеңиз',
    en: 'The QR code was not recognised: scan the code on the classroom screen again',
  },
  tokenExpired: {
    ru: 'QR-код устарел: он меняется каждые несколько секунд, отсканируйте текущий код',
    kg: 'QR-коддун мөөнөтү өттү: ал бир нече секунд сайын алмашат, азыркы кодду сканерлеңиз',
    en: 'The QR code has expired: it changes every few seconds, scan the current one',
  },
  codeWrong: {
    ru: 'Неверный код: введите код, который сейчас показан рядом с QR-кодом',
    kg: 'Код туура эмес: QR-коддун жанында азыр көрсөтүлгөн кодду жазыңыз',
    en: 'Wrong code: type the code shown beside the QR code right now',
  },
  tooManyCodes: {
    ru: 'Слишком много неверных кодов: подождите немного и введите код, который показан сейчас',
    kg: 'Өтө көп туура эмес код жазылды: бир аз күтүп, азыр көрсөтүлгөн кодду жазыңыз',
    en: 'Too many wrong codes: wait a little, then type the code shown now',
  },
  wrongLesson: {
    ru: 'Этот QR-код относится к другому занятию',
    kg: 'Бул QR-код башка сабакка тиешелүү',
    en: 'This QR code belongs to another lesson',
  },
  wrongRoom: {
    ru: 'Этот QR-код относится к другой аудитории',
    kg: 'Бул QR-код башка аудиторияга тиешелүү',
    en: 'This QR code belongs to another room',
  },
  closed: {
    ru: 'Преподаватель закрыл отметку по QR-коду на этом занятии',
    kg: 'Окутуучу бул сабакта QR-код аркылуу белгилөөнү жапты',
    en: 'The teacher has closed QR check-in for this lesson',
  },
  outsideWindow: {
    ru: 'Отметка возможна только во время занятия',
    kg: 'Белгилөө сабак учурунда гана мүмкүн',
    en: 'You can check in only during the lesson',
  },
  outsideGeofence: {
    ru: 'Вы находитесь не в аудитории занятия: отметка возможна только в аудитории',
    kg: 'Сиз сабактын аудиториясында эмессиз: белгилөө аудиторияда гана мүмкүн',
    en: 'You are not in the lesson’s room: you can check in only in the room',
  },
  inaccurate: {
    ru: 'Местоположение определено слишком неточно: включите GPS и повторите',
    kg: 'Жайгашкан жер өтө так эмес аныкталды: GPS күйгүзүп, кайталаңыз',
    en: 'Your location is too imprecise: turn on GPS and try again',
  },
  notInGroup: {
    ru: 'Вы не числитесь в группе (подгруппе) этого занятия',
    kg: 'Сиз бул сабактын тайпасында (тайпачасында) жоксуз',
    en: 'You are not in the group (subgroup) of this lesson',
  },
  notInStream: {
    ru: 'Вы не записаны в поток этого занятия',
    kg: 'Сиз бул сабактын агымына катталган эмессиз',
    en: 'You are not registered in this lesson’s stream',
  },
  deviceUsed: {
    ru: 'С этого устройства уже отметили другого студента на этом занятии',
    kg: 'Бул түзмөктөн бул сабакта башка студент белгиленген',
    en: 'Another student has already checked in from this device for this lesson',
  },
  passkeyMissing: {
    ru: 'Сначала зарегистрируйте этот телефон: отметка по QR-коду подтверждается ключом доступа телефона',
    kg: 'Адегенде бул телефонду каттаңыз: QR-код аркылуу белгилөө телефондун кирүү ачкычы менен ырасталат',
    en: 'Register this phone first: a QR check-in is confirmed with the phone’s passkey',
  },
  passkeyUnknown: {
    ru: 'Этот ключ доступа не зарегистрирован: зарегистрируйте телефон заново',
    kg: 'Бул кирүү ачкычы катталган эмес: телефонду кайра каттаңыз',
    en: 'This passkey is not registered: register your phone again',
  },
  passkeyForeign: {
    ru: 'Ключ доступа на этом телефоне зарегистрирован другим студентом: отмечайтесь со своего телефона или попросите преподавателя отметить вас',
    kg: 'Бул телефондогу кирүү ачкычын башка студент каттаган: өз телефонуңуздан белгилениңиз же окутуучудан белгилеп коюуну сураныңыз',
    en: 'The passkey on this phone is registered to another student: check in from your own phone or ask the teacher to mark you',
  },
  passkeyUsed: {
    ru: 'Этим ключ доступа уже отметили другого студента на этом занятии',
    kg: 'Бул кирүү ачкычы менен бул сабакта башка студент белгиленген',
    en: 'This passkey has already checked in another student for this lesson',
  },
  passkeyInvalid: {
    ru: 'Подтверждение ключом доступа не прошло проверку: попробуйте ещё раз',
    kg: 'Кирүү ачкычы менен ырастоо текшерүүдөн өткөн жок: кайра аракет кылыңыз',
    en: 'The passkey confirmation did not verify: try again',
  },
  challengeExpired: {
    ru: 'Подтверждение устарело: отсканируйте QR-код ещё раз',
    kg: 'Ырастоонун мөөнөтү өттү: QR-кодду кайра сканерлеңиз',
    en: 'The confirmation has expired: scan the QR code again',
  },
  passkeyExists: {
    ru: 'У вас уже зарегистрирован телефон: удалите его, чтобы зарегистрировать другой',
    kg: 'Сизде катталган телефон бар: башкасын каттоо үчүн аны өчүрүңүз',
    en: 'You already have a registered phone: remove it to register another one',
  },
  passkeyTaken: {
    ru: 'Этот ключ доступа уже зарегистрирован',
    kg: 'Бул кирүү ачкычы мурун катталган',
    en: 'This passkey is already registered',
  },
  passkeyHidden: {
    ru: 'Такого зарегистрированного телефона у вас нет',
    kg: 'Сизде мындай катталган телефон жок',
    en: 'You have no such registered phone',
  },
};

/** The teacher's refusals to open a lesson's QR, in the interface language. */
export const LESSON_REFUSAL_MESSAGES = {
  notToday: {
    ru: 'Это занятие не сегодня: QR-код открывается в день занятия',
    kg: 'Бул сабак бүгүн эмес: QR-код сабак күнү ачылат',
    en: 'This lesson is not today: its QR code opens on the day of the lesson',
  },
  notThisSemester: {
    ru: 'Это занятие другого семестра: QR-код открывается только для занятий текущего семестра',
    kg: 'Бул сабак башка семестрге тиешелүү: QR-код учурдагы семестрдин сабактары үчүн гана ачылат',
    en: 'This lesson belongs to another semester: QR codes open only for lessons of the current semester',
  },
} as const satisfies Messages<string>;

/** The teacher's refusals to show a lesson's QR of today outside its window, with its times. */
export const LESSON_WINDOW_TEMPLATES = {
  notYet: {
    ru: ({ from }) => `QR-код этого занятия откроется в ${from}`,
    kg: ({ from }) => `Бул сабактын QR-коду саат ${from} ачылат`,
    en: ({ from }) => `This lesson’s QR code opens at ${from}`,
  },
  over: {
    ru: ({ to }) => `Отметка по QR-коду на этом занятии закончилась в ${to}`,
    kg: ({ to }) => `Бул сабакта QR-код аркылуу белгилөө саат ${to} бүттү`,
    en: ({ to }) => `QR check-in for this lesson ended at ${to}`,
  },
} as const satisfies Templates<'notYet' | 'over', { from: string; to: string }>;

/** The check-in's, the teacher's hand marks' and the phones' answers. */
export const QR_MESSAGES = {
  marked: {
    ru: 'Посещение отмечено',
    kg: 'Катышуу белгиленди',
    en: 'Your attendance is marked',
  },
  alreadyMarked: {
    ru: 'Вы уже отмечены на этом занятии',
    kg: 'Сиз бул сабакта мурунтан белгиленгенсиз',
    en: 'You are already marked for this lesson',
  },
  studentNotInLesson: {
    ru: 'Студент не относится к группе (подгруппе) этого занятия',
    kg: 'Студент бул сабактын тайпасына (тайпачасына) кирбейт',
    en: 'The student is not in the group (subgroup) of this lesson',
  },
  passkeyRemoved: {
    ru: 'Телефон удалён: чтобы отмечаться по QR-коду, зарегистрируйте телефон снова',
    kg: 'Телефон өчүрүлдү: QR-код аркылуу белгилениш үчүн телефонду кайра каттаңыз',
    en: 'The phone was removed: register a phone again to check in by QR code',
  },
  /** A registered phone's name when the student gives none. */
  defaultPhoneName: { ru: 'Телефон', kg: 'Телефон', en: 'Phone' },
} as const satisfies Messages<string>;
