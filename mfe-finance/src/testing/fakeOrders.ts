import type {
  DistrictListResponse,
  DocListResponse,
  NaznachenieListResponse,
  Order,
  QueueOrder,
  RegionListResponse,
  TranscriptResponse,
} from '@lms/shared';

/** Answers of the single-window and transcript API as the server gives them. */
export const DOCS: DocListResponse = [
  {
    id_doc: 1,
    name: 'Справка с места учёбы',
    name_kg: 'Окуган жеринен маалымкат',
    name_en: 'Certificate of study',
    instant: true,
  },
  {
    id_doc: 2,
    name: 'Справка для военкомата',
    name_kg: 'Аскер комиссариаты үчүн маалымкат',
    name_en: 'Certificate for the military registration office',
    instant: false,
  },
];
export const REGIONS: RegionListResponse = [
  { id_region: 1, name: 'г. Бишкек', name_kg: 'Бишкек шаары', name_en: 'Bishkek city' },
];
export const DISTRICTS: DistrictListResponse = [
  {
    id_district: 3,
    id_region: 1,
    name: 'Ленинский район',
    name_kg: 'Ленин району',
    name_en: 'Leninsky District',
  },
];
export const PURPOSES: NaznachenieListResponse = [
  {
    id_naznachenie: 1,
    name: 'По месту требования',
    name_kg: 'Талап кылынган жерге',
    name_en: 'Wherever required',
  },
];

export function order(overrides: Partial<Order> = {}): Order {
  const { id_doc: _id, ...doc } = DOCS[1] ?? { id_doc: 2, name: '', name_kg: '', name_en: '' };
  return {
    id_order: 7,
    id_doc: 2,
    doc: { name: doc.name, name_kg: doc.name_kg, name_en: doc.name_en },
    id_region: 1,
    region: { name: 'г. Бишкек', name_kg: 'Бишкек шаары', name_en: 'Bishkek city' },
    id_district: 3,
    district: { name: 'Ленинский район', name_kg: 'Ленин району', name_en: 'Leninsky District' },
    id_naznachenie: 1,
    naznachenie: {
      name: 'По месту требования',
      name_kg: 'Талап кылынган жерге',
      name_en: 'Wherever required',
    },
    date: '2026-12-01',
    status: 'waiting',
    comment: null,
    created: Date.UTC(2026, 10, 20, 8),
    statusChanged: Date.UTC(2026, 10, 20, 8),
    id_document: null,
    documentRevoked: null,
    documentRevokeReason: null,
    ...overrides,
  };
}

export function queueOrder(overrides: Partial<QueueOrder> = {}): QueueOrder {
  return { ...order(), student: 'Жумабаева Айгерим', group: 'ПИ-1-25', ...overrides };
}

export const TRANSCRIPT: TranscriptResponse = {
  institution: {
    name: 'Тянь-Шаньский университет',
    name_kg: 'Тянь-Шань университети',
    name_en: 'Tian Shan University',
    address: 'Бишкек',
    phone: '+996 312 00 00 00',
    mail: 'registrar@tsu.example.kg',
  },
  fio: 'Жумабаева Айгерим Талантбековна',
  BirthDate: '2006-04-02',
  speciality: '580100 Программная инженерия',
  faculty: 'Факультет информационных технологий',
  groups: [
    {
      id_group: 5,
      group: 'ПИ-1-25',
      years: [
        {
          id_a_year: 25,
          year: '2025-26',
          semesters: [
            {
              ws_sort: 1,
              semester: 1,
              rows: [
                {
                  code_discipline: 'ФИТ-0101',
                  discipline: 'Программирование',
                  credits: 5,
                  score: 92,
                  grade: 5,
                  ekv_num: 4,
                  ekv_bukv: 'A',
                },
                {
                  code_discipline: 'ФИТ-0102',
                  discipline: 'Математический анализ',
                  credits: 4,
                  score: 81,
                  grade: 4,
                  ekv_num: 3.33,
                  ekv_bukv: 'B',
                },
              ],
              kredits_sum: 9,
              kredits_avg: 3.7,
            },
          ],
        },
      ],
    },
  ],
  kredits_sum: 9,
  kredits_avg: 3.7,
  scale: [{ min: 87, max: 100, grade: 5, ekv_bukv: 'A', ekv_num: 4 }],
};
