import {
  dayNumberOf,
  localDate,
  localTime,
  semesterOf,
  weekMatches,
  type ScheduleOptions,
} from '../schedule/index.js';
import type { SlotAt } from './repository.js';

/** The university's date and time (the schedule's clock and offset), and a date's slot. */
export function universityClock(settings: Pick<ScheduleOptions, 'clock' | 'utcOffsetMinutes'>) {
  return {
    now() {
      const instant = settings.clock();
      const date = localDate(instant, settings.utcOffsetMinutes);
      return {
        instant,
        date,
        time: localTime(instant, settings.utcOffsetMinutes),
        dayNumber: dayNumberOf(date),
      };
    },

    /** A date's lesson period in the timetable's terms: its semester, day and week kinds. */
    slotAt(date: string, timeId: number): SlotAt {
      const semester = semesterOf(date);
      return {
        date,
        timeId,
        yearId: semester.yearId,
        ws: semester.ws,
        dayNumber: dayNumberOf(date),
        weekKinds: [0, weekMatches(1, date) ? 1 : 2],
      };
    },
  };
}

export type UniversityClock = ReturnType<typeof universityClock>;
