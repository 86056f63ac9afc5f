import type {
  EvaluationFormResponse,
  EvaluationResult,
  QuestionnaireRatesResponse,
  QuestionnaireSummary,
  WaitingEvaluation,
} from '@lms/shared';

/** Two disciplines waiting for the demo student, one answered. */
export const WAITING: WaitingEvaluation[] = [
  {
    id_target: 11,
    title: 'Оценка дисциплины',
    discipline: 'Базы данных',
    teacher: 'Асанов Бакыт Маратович',
    closesOn: '2026-12-19',
    answered: false,
  },
  {
    id_target: 12,
    title: 'Оценка дисциплины',
    discipline: 'Алгоритмы',
    teacher: 'Иванова Ольга',
    closesOn: '2026-12-19',
    answered: true,
  },
];

export const FORM: EvaluationFormResponse = {
  id_target: 11,
  title: 'Оценка дисциплины',
  discipline: 'Базы данных',
  teacher: 'Асанов Бакыт Маратович',
  closesOn: '2026-12-19',
  items: [
    {
      id: 1,
      kind: 'scale',
      text: 'Насколько понятно объяснял?',
      options: ['Совсем непонятно', 'Непонятно', 'Средне', 'Понятно', 'Очень понятно'],
    },
    { id: 2, kind: 'single', text: 'Сколько занятий посетили?', options: ['Мало', 'Все'] },
    { id: 3, kind: 'multiple', text: 'Что помогало?', options: ['Лекции', 'Практика', 'УМК'] },
    { id: 4, kind: 'text', text: 'Что изменить?', options: [] },
  ],
};

const result = (over: Partial<EvaluationResult>): EvaluationResult => ({
  id_target: 11,
  title: 'Оценка дисциплины',
  year: 26,
  ws: 1,
  discipline: 'Базы данных',
  teacher: 'Асанов Бакыт Маратович',
  answered: 2,
  minAnswers: 5,
  enough: false,
  items: [],
  ...over,
});

export const RESULTS: EvaluationResult[] = [
  result({}),
  result({
    id_target: 13,
    discipline: 'Сети',
    answered: 6,
    enough: true,
    items: [
      {
        id: 1,
        kind: 'scale',
        text: 'Насколько понятно объяснял?',
        labels: ['Совсем непонятно', 'Непонятно', 'Средне', 'Понятно', 'Очень понятно'],
        counts: [0, 0, 1, 2, 3],
        texts: [],
      },
      {
        id: 4,
        kind: 'text',
        text: 'Что изменить?',
        labels: [],
        counts: [],
        texts: ['Больше практики'],
      },
    ],
  }),
];

const summary = (over: Partial<QuestionnaireSummary>): QuestionnaireSummary => ({
  id: 1,
  title: 'Оценка дисциплины',
  items: 4,
  status: 'open',
  year: 26,
  ws: 1,
  opensOn: '2026-11-21',
  closesOn: '2026-12-19',
  minAnswers: 5,
  answered: 30,
  expected: 120,
  ...over,
});

export const QUESTIONNAIRES: QuestionnaireSummary[] = [
  summary({
    id: 2,
    title: 'Итоговая анкета',
    status: 'draft',
    year: null,
    ws: null,
    opensOn: null,
    closesOn: null,
    answered: 0,
    expected: 0,
  }),
  summary({}),
];

export const RATES: QuestionnaireRatesResponse = [
  {
    id_target: 11,
    faculty: 'Факультет информационных технологий',
    discipline: 'Базы данных',
    teacher: 'Асанов Бакыт Маратович',
    answered: 12,
    expected: 24,
  },
];
