import type { Messages } from '../../lib/messages.js';
import type { TestingRefusal } from './rules.js';

/** Testing's refusals, in every language (the error handler answers the caller's). */
export const TESTING_MESSAGES = {
  blankText: {
    kg: 'Текст бош болбошу керек',
    ru: 'Текст не должен быть пустым',
    en: 'The text must not be blank',
  },
  tooFewOptions: {
    kg: 'Жок дегенде эки вариант жазыңыз',
    ru: 'Укажите не меньше двух вариантов',
    en: 'Give at least two options',
  },
  noCorrectOption: {
    kg: 'Туура вариантты белгилеңиз',
    ru: 'Отметьте правильный вариант',
    en: 'Mark the correct option',
  },
  oneCorrectOption: {
    kg: 'Бир жооптуу суроодо бир гана туура вариант болот',
    ru: 'В вопросе с одним ответом правильный вариант один',
    en: 'A single-choice question has exactly one correct option',
  },
  noVariants: {
    kg: 'Кабыл алынуучу жоопту жазыңыз',
    ru: 'Укажите хотя бы один принимаемый ответ',
    en: 'Give at least one accepted answer',
  },
  noNumber: {
    kg: 'Туура санды жазыңыз',
    ru: 'Укажите правильное число',
    en: 'Give the correct number',
  },
  noTruth: {
    kg: 'Туура же туура эмес экенин тандаңыз',
    ru: 'Выберите, верно утверждение или нет',
    en: 'Choose whether the statement is true or false',
  },
  noMatch: {
    kg: 'Ар бир пунктка жуп жазыңыз',
    ru: 'Укажите пару для каждого пункта',
    en: 'Give a match for every item',
  },
  windowOrder: {
    kg: 'Жабылуу убактысы ачылуудан кийин болушу керек',
    ru: 'Время закрытия должно быть позже открытия',
    en: 'The close must be after the open',
  },
  notOpen: {
    kg: 'Бул тест азыр сиз үчүн ачык эмес',
    ru: 'Этот тест сейчас для вас не открыт',
    en: 'This test is not open to you now',
  },
  noAttemptsLeft: {
    kg: 'Аракеттер бүттү',
    ru: 'Попытки закончились',
    en: 'No attempts left',
  },
  timeIsUp: {
    kg: 'Убакыт бүттү: жооп сакталган жок',
    ru: 'Время вышло: ответ не сохранён',
    en: 'Time is up: the answer was not saved',
  },
  lateAnswer: {
    kg: 'Жооп кечигип келди: ал мөөнөттөн кийин берилген же жөнөтүлгөн',
    ru: 'Ответ пришёл слишком поздно: он дан или отправлен после срока',
    en: 'The answer came too late: it was given or sent after the deadline',
  },
  submitted: {
    kg: 'Аракет тапшырылган',
    ru: 'Попытка уже сдана',
    en: 'The attempt is already submitted',
  },
  chainMissing: {
    kg: 'Мөөнөттөн кийин келген жоопто түзмөктүн хэш-чынжыры болушу керек',
    ru: 'Ответ, пришедший после срока, должен нести хеш-цепочку устройства',
    en: 'An answer that arrives after the deadline must carry the device’s hash chain',
  },
  chainForged: {
    kg: 'Жооптун хэши түзмөктүн чынжырына дал келбейт: жооп кабыл алынган жок',
    ru: 'Хеш ответа не сходится с цепочкой устройства: ответ не принят',
    en: 'The answer’s digest does not match the device’s chain: the answer was not taken',
  },
  chainOrder: {
    kg: 'Жооп чынжырда өз ордунда эмес (иреттелген эмес же бири түшүп калган): кабыл алынган жок',
    ru: 'Ответ не на своём месте в цепочке (переставлен или пропущен предыдущий): не принят',
    en: 'The answer is out of its place in the chain (re-ordered or one skipped): not taken',
  },
  passkeyMismatch: {
    kg: 'Кирүү ачкычынын кол тамгасы бул аракеттин жоопторунун чынжырына коюлган эмес',
    ru: 'Подпись ключом доступа поставлена не под цепочку ответов этой попытки',
    en: 'The passkey signature is not for this attempt’s chain of answers',
  },
  passkeyExpired: {
    kg: 'Кол коюу суроосунун мөөнөтү өттү: кайра тапшырыңыз',
    ru: 'Запрос подписи устарел: сдайте ещё раз',
    en: 'The signing request has expired: submit again',
  },
  passkeyInvalid: {
    kg: 'Кол тамга сиздин катталган кирүү ачкычыңыз менен коюлган эмес',
    ru: 'Подпись поставлена не вашим зарегистрированным ключом доступа',
    en: 'The signature is not made by your registered passkey',
  },
  otherAttempt: {
    kg: 'Тизмедеги ар бир жооп аталган аракетке тиешелүү болушу керек',
    ru: 'Каждый ответ списка должен относиться к названной попытке',
    en: 'Every answer of the list must be of the attempt named',
  },
  notInAttempt: {
    kg: 'Бул суроо сиздин аракетиңизде жок',
    ru: 'Этого вопроса нет в вашей попытке',
    en: 'This question is not in your attempt',
  },
  notEssay: {
    kg: 'Кол менен эссе гана бааланат',
    ru: 'Вручную оцениваются только эссе',
    en: 'Only essays are graded by hand',
  },
  tooManyPoints: {
    kg: 'Упай суроонун упайынан ашпашы керек',
    ru: 'Баллов не больше, чем стоит вопрос',
    en: 'No more points than the question is worth',
  },
  notEnoughQuestions: {
    kg: 'Темада суроолор жетишсиз',
    ru: 'В теме недостаточно вопросов',
    en: 'The topic has too few questions',
  },
  topicTaken: {
    kg: 'Мындай тема бар',
    ru: 'Такая тема уже есть',
    en: 'This topic already exists',
  },
  giftNoAnswers: {
    kg: 'Жооптор блогу {…} жок',
    ru: 'Нет блока ответов {…}',
    en: 'No answers block {…}',
  },
  giftUnclosed: {
    kg: 'Жооптор блогу жабылган эмес (} жок)',
    ru: 'Блок ответов не закрыт (нет })',
    en: 'The answers block is not closed (no })',
  },
  giftNoCorrect: {
    kg: 'Туура жооп белгиленген эмес',
    ru: 'Не отмечен правильный ответ',
    en: 'No correct answer is marked',
  },
  giftBadNumber: {
    kg: 'Сандык жооп туура эмес жазылган',
    ru: 'Числовой ответ записан неверно',
    en: 'The numeric answer is malformed',
  },
  giftMixed: {
    kg: 'Бул түрдөгү суроо колдоого алынбайт',
    ru: 'Вопрос такого вида не поддерживается',
    en: 'A question of this form is not supported',
  },
  giftNoText: {
    kg: 'Суроонун тексти жок',
    ru: 'Нет текста вопроса',
    en: 'The question has no text',
  },
  xmlNotXml: {
    kg: 'Файл туура XML эмес',
    ru: 'Файл не является корректным XML',
    en: 'The file is not well-formed XML',
  },
  xmlDoctype: {
    kg: 'XML файлында DOCTYPE жана entity колдонууга болбойт',
    ru: 'В XML-файле не допускаются DOCTYPE и сущности (entity)',
    en: 'DOCTYPE and entity declarations are not allowed in the XML file',
  },
  xmlNotQuiz: {
    kg: 'Бул Moodle XML суроолор банкы эмес (<quiz> жок)',
    ru: 'Это не банк вопросов Moodle XML (нет <quiz>)',
    en: 'This is not a Moodle XML question bank (no <quiz>)',
  },
  xmlTooLarge: {
    kg: 'Файл өтө чоң: 500 000 белгиден ашпашы керек',
    ru: 'Файл слишком большой: не более 500 000 символов',
    en: 'The file is too large: at most 500,000 characters',
  },
  xmlUnsupported: {
    kg: 'Бул түрдөгү суроолор импорттолбойт',
    ru: 'Вопросы этого типа не импортируются',
    en: 'Questions of this type are not imported',
  },
  xmlNoAnswers: {
    kg: 'Суроонун жооптору жок',
    ru: 'У вопроса нет ответов',
    en: 'The question has no answers',
  },
  xmlDistractors: {
    kg: 'Жупсуз кошумча жооптору бар салыштыруу колдоого алынбайт',
    ru: 'Сопоставление с лишними ответами без пары не поддерживается',
    en: 'Matching with extra answers that have no pair is not supported',
  },
  importTooLong: {
    kg: 'Суроонун тексти же варианттары банк үчүн өтө узун же өтө көп',
    ru: 'Текст или варианты вопроса слишком длинные или их слишком много для банка',
    en: 'The question text or options are too long or too many for the bank',
  },
} as const satisfies Messages<TestingRefusal>;
