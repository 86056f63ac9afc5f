import type { Webinar } from '@lms/shared';

/** An open webinar, as the screens' tests answer it. */
export const WEBINAR: Webinar = {
  id: 41,
  date: '2026-11-16',
  start: '09:50',
  end: '10:35',
  starts_at: Date.parse('2026-11-16T03:50:00Z'),
  duration: 45,
  id_group: 2,
  group: 'ПИ-1-25',
  id_discipline: 7,
  discipline: 'Программирование',
  id_teacher: 3,
  teacher: 'Асанов Бакыт Маратович',
  cancelled: false,
  state: 'open',
};
