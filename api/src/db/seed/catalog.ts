import { ROLE, type RoleId } from '@lms/shared/contract';
// The university's structure for the demo seed: faculties, departments with their disciplines,
// and specialities with the departments their majors come from.

export interface DepartmentSpec {
  name: string;
  teachers: number;
  disciplines: string[];
  /** Laboratory lessons in subgroups (computer classes). */
  labs?: boolean;
}

export interface SpecialitySpec {
  code: string;
  name: string;
  /** Group name prefix: ПИ → ПИ-1-25. */
  prefix: string;
  majorDepartments: string[];
  /** Number of parallel groups per course (index 0 = first year); 0 = no group that year. */
  groupsPerCourse: [number, number, number, number];
}

export interface FacultySpec {
  name: string;
  shortName: string;
  departments: DepartmentSpec[];
  specialities: SpecialitySpec[];
}

/** Summer practice, taught by the first major department of every speciality. */
export const PRACTICE = 'Учебная практика';

export const FACULTIES: FacultySpec[] = [
  {
    name: 'Факультет информационных технологий',
    shortName: 'ФИТ',
    departments: [
      {
        name: 'Кафедра программного обеспечения',
        teachers: 4,
        labs: true,
        disciplines: [
          'Программирование на Python',
          'Объектно-ориентированное программирование',
          'Алгоритмы и структуры данных',
          'Веб-программирование',
          'Базы данных',
          'Технологии разработки программного обеспечения',
          'Операционные системы',
          'Мобильная разработка',
          'Тестирование программного обеспечения',
          PRACTICE,
        ],
      },
      {
        name: 'Кафедра информационных систем',
        teachers: 3,
        labs: true,
        disciplines: [
          'Информационные системы и технологии',
          'Компьютерные сети',
          'Проектирование информационных систем',
          'Анализ данных',
          'Информационная безопасность',
          'Архитектура компьютеров',
        ],
      },
      {
        name: 'Кафедра высшей математики',
        teachers: 2,
        disciplines: [
          'Математический анализ',
          'Линейная алгебра',
          'Дискретная математика',
          'Теория вероятностей и математическая статистика',
        ],
      },
    ],
    specialities: [
      {
        code: '710400',
        name: 'Программная инженерия',
        prefix: 'ПИ',
        majorDepartments: [
          'Кафедра программного обеспечения',
          'Кафедра высшей математики',
          'Кафедра информационных систем',
        ],
        groupsPerCourse: [1, 2, 2, 1],
      },
      {
        code: '710200',
        name: 'Информационные системы и технологии',
        prefix: 'ИС',
        majorDepartments: ['Кафедра информационных систем', 'Кафедра высшей математики'],
        groupsPerCourse: [0, 1, 1, 0],
      },
    ],
  },
  {
    name: 'Экономический факультет',
    shortName: 'ЭФ',
    departments: [
      {
        name: 'Кафедра экономики и менеджмента',
        teachers: 3,
        disciplines: [
          'Микроэкономика',
          'Макроэкономика',
          'Менеджмент',
          'Маркетинг',
          'Экономика предприятия',
          PRACTICE,
        ],
      },
      {
        name: 'Кафедра финансов и учета',
        teachers: 3,
        disciplines: [
          'Бухгалтерский учет',
          'Финансы',
          'Статистика',
          'Налоги и налогообложение',
          'Банковское дело',
        ],
      },
    ],
    specialities: [
      {
        code: '580100',
        name: 'Экономика',
        prefix: 'ЭК',
        majorDepartments: ['Кафедра экономики и менеджмента', 'Кафедра финансов и учета'],
        groupsPerCourse: [1, 1, 1, 0],
      },
      {
        code: '580200',
        name: 'Менеджмент',
        prefix: 'МН',
        majorDepartments: ['Кафедра экономики и менеджмента', 'Кафедра финансов и учета'],
        groupsPerCourse: [1, 1, 0, 0],
      },
    ],
  },
  {
    name: 'Факультет филологии и социально-гуманитарных наук',
    shortName: 'ФФСГН',
    departments: [
      {
        name: 'Кафедра кыргызского языка и литературы',
        teachers: 2,
        disciplines: ['Кыргызский язык', 'Кыргызская литература', 'Манасоведение', PRACTICE],
      },
      {
        name: 'Кафедра иностранных языков',
        teachers: 2,
        disciplines: [
          'Английский язык',
          'Русский язык и культура речи',
          'Деловой английский язык',
          'Немецкий язык',
        ],
      },
      {
        name: 'Кафедра истории и философии',
        teachers: 2,
        disciplines: ['История Кыргызстана', 'Философия', 'География Кыргызстана'],
      },
    ],
    specialities: [
      {
        code: '520300',
        name: 'Филология',
        prefix: 'ФЛ',
        majorDepartments: ['Кафедра кыргызского языка и литературы', 'Кафедра иностранных языков'],
        groupsPerCourse: [1, 1, 0, 0],
      },
    ],
  },
];

/** Taken by every group, two a semester. */
export const GENERAL_DISCIPLINES = [
  'Кыргызский язык',
  'История Кыргызстана',
  'Английский язык',
  'Манасоведение',
  'Философия',
  'Русский язык и культура речи',
  'География Кыргызстана',
];

/** Disciplines students choose (isSelect 1); the rest are by plan. */
export const ELECTIVES = new Set([
  'Мобильная разработка',
  'Анализ данных',
  'Маркетинг',
  'Банковское дело',
  'Немецкий язык',
]);

export const POSITIONS = ['Профессор', 'Доцент', 'Старший преподаватель', 'Преподаватель'];

export const LESSON_TYPES = [
  { id: 1, name: 'Лекция' },
  { id: 2, name: 'Практика' },
  { id: 3, name: 'Лабораторная' },
];

export const USEFUL_LINKS: { role: RoleId | null; name: string; url: string }[] = [
  {
    role: null,
    name: 'Министерство науки, высшего образования и инноваций КР',
    url: 'https://edu.gov.kg',
  },
  { role: null, name: 'Национальная библиотека Кыргызской Республики', url: 'https://nlkr.gov.kg' },
  { role: null, name: 'Электронная библиотека портала', url: '/lms/library' },
  { role: ROLE.teacher, name: 'Учебно-методические комплексы', url: '/lms/umk' },
  { role: ROLE.teacher, name: 'Журнал посещений', url: '/lms/journal' },
  { role: ROLE.student, name: 'Регистрация на дисциплины', url: '/lms/registration' },
  { role: ROLE.student, name: 'Транскрипт', url: '/lms/transcript' },
];
