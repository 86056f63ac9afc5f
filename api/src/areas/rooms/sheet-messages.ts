import type { BookingKind, RoomEquipment } from '@lms/shared/contract';
import type { Messages } from '../../lib/messages.js';

/** Every word the printed room sheet shows, in each language. */
export const SHEET_TEXTS = {
  room: { kg: 'Аудитория', ru: 'Аудитория', en: 'Room' },
  week: { kg: 'Жума', ru: 'Неделя', en: 'Week' },
  odd: { kg: 'так жума (алымы)', ru: 'нечётная неделя (числитель)', en: 'odd week' },
  even: { kg: 'жуп жума (бөлүмү)', ru: 'чётная неделя (знаменатель)', en: 'even week' },
  seats: { kg: 'Орундар', ru: 'Мест', en: 'Seats' },
  equipment: { kg: 'Жабдуулар', ru: 'Оборудование', en: 'Equipment' },
  none: { kg: 'жок', ru: 'нет', en: 'none' },
  time: { kg: 'Убактысы', ru: 'Время', en: 'Time' },
  live: {
    kg: 'Аудиториянын учурдагы жадыбалы порталда:',
    ru: 'Актуальное расписание аудитории на портале:',
    en: "The room's live timetable on the portal:",
  },
  printed: { kg: 'Басылып чыкты', ru: 'Напечатано', en: 'Printed' },
  lesson: { kg: 'Сабак', ru: 'Занятие', en: 'Lesson' },
  extra: { kg: 'Кошумча сабак', ru: 'Дополнительное занятие', en: 'Extra lesson' },
  consultation: { kg: 'Консультация', ru: 'Консультация', en: 'Consultation' },
  exam: { kg: 'Экзамен', ru: 'Экзамен', en: 'Exam' },
} as const satisfies Messages<string>;

/** The equipment's names on the sheet. */
export const EQUIPMENT_TEXTS: Messages<RoomEquipment> = {
  projector: { kg: 'проектор', ru: 'проектор', en: 'projector' },
  computers: { kg: 'компьютерлер', ru: 'компьютеры', en: 'computers' },
  smartboard: { kg: 'интерактивдүү такта', ru: 'интерактивная доска', en: 'smart board' },
  audio: { kg: 'үн күчөткүч', ru: 'звукоусиление', en: 'sound system' },
  videoconf: { kg: 'видеобайланыш', ru: 'видеосвязь', en: 'video conferencing' },
};

export type SheetKind = 'lesson' | BookingKind;
