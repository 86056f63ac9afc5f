import { sql, type Kysely } from 'kysely';
import { CATALOGUE_COLUMNS, type CatalogueTable } from '../../lib/catalogue-names.js';
import type { Database } from '../schema.js';

// The Kyrgyz and English names of the catalogue the portal ships and seeds (docs/i18n.md), keyed
// by the Russian name the rows carry. `translateCatalogue` fills the `_kg`/`_en` siblings from
// here where they are still empty, so a database seeded before the columns existed gets them too;
// a university's own names (and its own translations) are left as they are.

type Names = readonly [kg: string, en: string];

export const CATALOGUE_TRANSLATIONS: Readonly<Record<string, Names>> = {
  // Faculties (name, short name)
  'Факультет информационных технологий': [
    'Маалыматтык технологиялар факультети',
    'Faculty of Information Technology',
  ],
  'Факультет филологии и социально-гуманитарных наук': [
    'Филология жана социалдык-гуманитардык илимдер факультети',
    'Faculty of Philology, Social Sciences and Humanities',
  ],
  'Экономический факультет': ['Экономика факультети', 'Faculty of Economics'],
  ФИТ: ['МТФ', 'FIT'],
  ФФСГН: ['ФСГИФ', 'FPSH'],
  ЭФ: ['ЭФ', 'FE'],
  // Departments
  'Кафедра высшей математики': ['Жогорку математика кафедрасы', 'Department of Higher Mathematics'],
  'Кафедра иностранных языков': ['Чет тилдер кафедрасы', 'Department of Foreign Languages'],
  'Кафедра информационных систем': [
    'Маалыматтык системалар кафедрасы',
    'Department of Information Systems',
  ],
  'Кафедра истории и философии': [
    'Тарых жана философия кафедрасы',
    'Department of History and Philosophy',
  ],
  'Кафедра кыргызского языка и литературы': [
    'Кыргыз тили жана адабияты кафедрасы',
    'Department of Kyrgyz Language and Literature',
  ],
  'Кафедра программного обеспечения': [
    'Программалык камсыздоо кафедрасы',
    'Department of Software Engineering',
  ],
  'Кафедра финансов и учета': [
    'Финансы жана эсеп кафедрасы',
    'Department of Finance and Accounting',
  ],
  'Кафедра экономики и менеджмента': [
    'Экономика жана менеджмент кафедрасы',
    'Department of Economics and Management',
  ],
  // Specialities (and disciplines of the same name)
  'Информационные системы и технологии': [
    'Маалыматтык системалар жана технологиялар',
    'Information Systems and Technologies',
  ],
  Менеджмент: ['Менеджмент', 'Management'],
  'Программная инженерия': ['Программалык инженерия', 'Software Engineering'],
  Филология: ['Филология', 'Philology'],
  Экономика: ['Экономика', 'Economics'],
  // Semesters
  Осенний: ['Күзгү', 'Fall'],
  Весенний: ['Жазгы', 'Spring'],
  Летний: ['Жайкы', 'Summer'],
  // Disciplines
  'Академическое письмо': ['Академиялык жазуу', 'Academic Writing'],
  'Алгоритмы и структуры данных': [
    'Алгоритмдер жана маалымат структуралары',
    'Algorithms and Data Structures',
  ],
  'Анализ данных': ['Маалыматтарды талдоо', 'Data Analysis'],
  'Английский язык': ['Англис тили', 'English'],
  'Архитектура компьютеров': ['Компьютердин архитектурасы', 'Computer Architecture'],
  'Базы данных': ['Маалымат базалары', 'Databases'],
  'Банковское дело': ['Банк иши', 'Banking'],
  'Бухгалтерский учет': ['Бухгалтердик эсеп', 'Accounting'],
  'Бухгалтерский учёт': ['Бухгалтердик эсеп', 'Accounting'],
  'Веб-программирование': ['Веб-программалоо', 'Web Programming'],
  'География Кыргызстана': ['Кыргызстандын географиясы', 'Geography of Kyrgyzstan'],
  'Деловой английский язык': ['Ишкердик англис тили', 'Business English'],
  'Деловые коммуникации': ['Ишкердик коммуникациялар', 'Business Communication'],
  'Дискретная математика': ['Дискреттик математика', 'Discrete Mathematics'],
  'Информационная безопасность': ['Маалыматтык коопсуздук', 'Information Security'],
  'История Великого шелкового пути': [
    'Улуу Жибек жолунун тарыхы',
    'History of the Great Silk Road',
  ],
  'История Кыргызстана': ['Кыргызстандын тарыхы', 'History of Kyrgyzstan'],
  'Командный программный проект': ['Командалык программалык долбоор', 'Team Software Project'],
  'Компьютерные сети': ['Компьютердик тармактар', 'Computer Networks'],
  'Культура речи': ['Кеп маданияты', 'Speech Culture'],
  'Кыргызская литература': ['Кыргыз адабияты', 'Kyrgyz Literature'],
  'Кыргызский язык': ['Кыргыз тили', 'Kyrgyz Language'],
  'Линейная алгебра': ['Сызыктуу алгебра', 'Linear Algebra'],
  Макроэкономика: ['Макроэкономика', 'Macroeconomics'],
  Манасоведение: ['Манас таануу', 'Manas Studies'],
  Маркетинг: ['Маркетинг', 'Marketing'],
  'Математический анализ': ['Математикалык анализ', 'Calculus'],
  'Машинное обучение': ['Машиналык окутуу', 'Machine Learning'],
  Медиаграмотность: ['Медиасабаттуулук', 'Media Literacy'],
  Микроэкономика: ['Микроэкономика', 'Microeconomics'],
  'Мобильная разработка': ['Мобилдик иштеп чыгуу', 'Mobile Development'],
  'Налоги и налогообложение': ['Салыктар жана салык салуу', 'Taxes and Taxation'],
  'Немецкий язык': ['Немис тили', 'German'],
  'Облачные технологии': ['Булут технологиялары', 'Cloud Technologies'],
  'Объектно-ориентированное программирование': [
    'Объектке багытталган программалоо',
    'Object-Oriented Programming',
  ],
  'Операционные системы': ['Операциялык системалар', 'Operating Systems'],
  'Поведенческая экономика': ['Жүрүм-турум экономикасы', 'Behavioural Economics'],
  Предпринимательство: ['Ишкердик', 'Entrepreneurship'],
  'Программирование на Python': ['Python тилинде программалоо', 'Programming in Python'],
  'Проектирование информационных систем': [
    'Маалыматтык системаларды долбоорлоо',
    'Information Systems Design',
  ],
  'Разработка компьютерных игр': ['Компьютердик оюндарды иштеп чыгуу', 'Game Development'],
  'Русский язык и культура речи': [
    'Орус тили жана кеп маданияты',
    'Russian Language and Speech Culture',
  ],
  Статистика: ['Статистика', 'Statistics'],
  'Теория вероятностей и математическая статистика': [
    'Ыктымалдуулук теориясы жана математикалык статистика',
    'Probability Theory and Mathematical Statistics',
  ],
  'Тестирование программного обеспечения': [
    'Программалык камсыздоону тестирлөө',
    'Software Testing',
  ],
  'Технологии разработки программного обеспечения': [
    'Программалык камсыздоону иштеп чыгуу технологиялары',
    'Software Development Technologies',
  ],
  'Учебная практика': ['Окуу практикасы', 'Training Practice'],
  Философия: ['Философия', 'Philosophy'],
  Финансы: ['Финансы', 'Finance'],
  'Цифровой маркетинг': ['Санариптик маркетинг', 'Digital Marketing'],
  'Экономика предприятия': ['Ишкананын экономикасы', 'Business Economics'],
  // Lesson types
  Лекция: ['Лекция', 'Lecture'],
  Практика: ['Практика', 'Practical'],
  Лабораторная: ['Лабораториялык', 'Laboratory'],
  // Forms of education
  очная: ['күндүзгү', 'full-time'],
  заочная: ['сырттан', 'part-time'],
  дистанционная: ['аралыктан', 'distance'],
  // Lesson times
  'Первая пара': ['Биринчи пара', '1st period'],
  'Вторая пара': ['Экинчи пара', '2nd period'],
  'Третья пара': ['Үчүнчү пара', '3rd period'],
  'Четвёртая пара': ['Төртүнчү пара', '4th period'],
  'Пятая пара': ['Бешинчи пара', '5th period'],
  'Шестая пара': ['Алтынчы пара', '6th period'],
  'Седьмая пара': ['Жетинчи пара', '7th period'],
  // Grading words (the journal's marks)
  Отлично: ['Эң жакшы', 'Excellent'],
  Хорошо: ['Жакшы', 'Good'],
  Удовлетворительно: ['Канааттандырарлык', 'Satisfactory'],
  Неудовлетворительно: ['Канааттандырарлык эмес', 'Unsatisfactory'],
  'Отсутствовал(а)': ['Келген жок', 'Absent'],
  // Journal modules
  'Модуль 1': ['1-модуль', 'Module 1'],
  'Модуль 2': ['2-модуль', 'Module 2'],
  'Модуль 3': ['3-модуль', 'Module 3'],
  // Forms of control (registration, teaching materials)
  Экзамен: ['Экзамен', 'Exam'],
  Зачёт: ['Зачёт', 'Pass/fail test'],
  'Дифференцированный зачёт': ['Дифференцияланган зачёт', 'Graded test'],
  'Курсовая работа': ['Курстук иш', 'Term paper'],
  // Registration streams
  'Поток 1': ['1-агым', 'Stream 1'],
  'Поток 2': ['2-агым', 'Stream 2'],
  'Поток 3': ['3-агым', 'Stream 3'],
  // Library categories
  'Гуманитарные науки': ['Гуманитардык илимдер', 'Humanities'],
  'Естественные науки': ['Табигый илимдер', 'Natural Sciences'],
  'Информационные технологии': ['Маалыматтык технологиялар', 'Information Technology'],
  'Экономика и управление': ['Экономика жана башкаруу', 'Economics and Management'],
  Биология: ['Биология', 'Biology'],
  'Искусственный интеллект': ['Жасалма интеллект', 'Artificial Intelligence'],
  'Кыргызский язык и литература': ['Кыргыз тили жана адабияты', 'Kyrgyz Language and Literature'],
  Математика: ['Математика', 'Mathematics'],
  Право: ['Укук', 'Law'],
  Программирование: ['Программалоо', 'Programming'],
  Физика: ['Физика', 'Physics'],
  Химия: ['Химия', 'Chemistry'],
  'Экономическая теория': ['Экономикалык теория', 'Economic Theory'],
  // Kinds of teaching materials
  'Задания для СРС': ['СӨИ үчүн тапшырмалар', 'Independent study assignments'],
  'Лабораторные работы': ['Лабораториялык иштер', 'Laboratory work'],
  Лекции: ['Лекциялар', 'Lectures'],
  'Методические указания': ['Методикалык көрсөтмөлөр', 'Guidelines'],
  'Практические занятия': ['Практикалык сабактар', 'Practical classes'],
  Силлабус: ['Силлабус', 'Syllabus'],
  'Тесты и вопросы к экзамену': ['Тесттер жана экзамендик суроолор', 'Tests and exam questions'],
  // Useful links
  'Журнал посещений': ['Катышуу журналы', 'Attendance journal'],
  'Министерство науки, высшего образования и инноваций КР': [
    'КР Илим, жогорку билим берүү жана инновациялар министрлиги',
    'Ministry of Science, Higher Education and Innovation of the Kyrgyz Republic',
  ],
  'Национальная библиотека Кыргызской Республики': [
    'Кыргыз Республикасынын Улуттук китепканасы',
    'National Library of the Kyrgyz Republic',
  ],
  'Регистрация на дисциплины': ['Дисциплиналарга катталуу', 'Course registration'],
  Транскрипт: ['Транскрипт', 'Transcript'],
  'Учебно-методические комплексы': ['Окуу-методикалык комплекстер', 'Teaching materials'],
  'Электронная библиотека портала': ['Порталдын электрондук китепканасы', 'Portal e-library'],
  // Teachers' positions
  Профессор: ['Профессор', 'Professor'],
  Доцент: ['Доцент', 'Associate Professor'],
  'Старший преподаватель': ['Улук окутуучу', 'Senior Lecturer'],
  Преподаватель: ['Окутуучу', 'Lecturer'],
  'Специалист офиса регистратора': ['Каттоо кеңсесинин адиси', "Registrar's office specialist"],
  // People's nationality and education
  'Кыргызская Республика': ['Кыргыз Республикасы', 'Kyrgyz Republic'],
  кыргыз: ['кыргыз', 'Kyrgyz'],
  кыргызка: ['кыргыз', 'Kyrgyz'],
  русский: ['орус', 'Russian'],
  русская: ['орус', 'Russian'],
  Высшее: ['Жогорку', 'Higher'],
  'Высшее, магистратура': ['Жогорку, магистратура', "Higher, master's degree"],
  'Высшее, кандидат наук': ['Жогорку, илимдин кандидаты', 'Higher, Candidate of Sciences'],
  'Высшее, доктор наук': ['Жогорку, илимдин доктору', 'Higher, Doctor of Sciences'],
  'Среднее общее образование': ['Орто жалпы билим', 'Secondary education'],
};

/** Group codes are the speciality's letters, the course's number and the year: ПИ-1-25. */
const GROUP_LETTERS: Readonly<Record<string, Names>> = {
  ПИ: ['ПИ', 'SE'],
  ИС: ['МС', 'IS'],
  МН: ['МН', 'MG'],
  ФЛ: ['ФЛ', 'PH'],
  ЭК: ['ЭК', 'EC'],
};

/** The Kyrgyz and English names of a catalogue value, when the portal knows them. */
export function translationOf(table: CatalogueTable, russian: string): Names | undefined {
  if (table === 'groups') {
    const match = /^([А-ЯЁ]+)(-.*)$/u.exec(russian);
    const letters = match && GROUP_LETTERS[match[1] ?? ''];
    return letters && match ? [letters[0] + match[2], letters[1] + match[2]] : undefined;
  }
  return CATALOGUE_TRANSLATIONS[russian];
}

/**
 * Fills the empty `_kg`/`_en` siblings of every catalogue column whose Russian value the
 * portal has names for. Idempotent; a value already translated is never overwritten.
 */
export async function translateCatalogue(k: Kysely<Database>): Promise<void> {
  for (const [table, columns] of Object.entries(CATALOGUE_COLUMNS) as Array<
    [CatalogueTable, readonly string[]]
  >) {
    for (const column of columns) {
      const [c, kg, en] = [sql.ref(column), sql.ref(`${column}_kg`), sql.ref(`${column}_en`)];
      const { rows } = await sql<{ value: string }>`
        select distinct ${c} as value from ${sql.table(table)}
        where ${c} is not null and (${kg} is null or ${en} is null)`.execute(k);
      for (const { value } of rows) {
        const names = translationOf(table, value);
        if (!names) continue;
        await sql`
          update ${sql.table(table)}
          set ${kg} = coalesce(${kg}, ${names[0]}), ${en} = coalesce(${en}, ${names[1]})
          where ${c} = ${value} and (${kg} is null or ${en} is null)`.execute(k);
      }
    }
  }
}
