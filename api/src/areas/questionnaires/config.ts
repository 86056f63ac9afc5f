import { localDate } from '../schedule/index.js';
import type { QuestionnairesRepository } from './repository.js';
import type { QuestionnairesService } from './service.js';
import type { AccessRepository } from '../../access/index.js';

/** The URL prefix of the area's routes. */
export const PREFIXES = { questionnaires: '/lms/api/questionnaires' } as const;

/** The area's settings (composed into AppOptions by app.ts). */
export interface QuestionnairesOptions {
  /** 64 hex digits: the key answers wait under until their batch (<dataDir>/questionnaire-key). */
  secret: string;
  /** The university's offset from UTC in minutes and its clock (the schedule's). */
  utcOffsetMinutes: number;
  clock: () => number;
}

/** What the area's index.ts built for the route plugins. */
export interface QuestionnairesRouteOptions {
  questionnaires: QuestionnairesRepository;
  service: QuestionnairesService;
  access: AccessRepository;
  /** The university's today, 'YYYY-MM-DD'. */
  today: () => string;
}

export const todayOf =
  (options: Pick<QuestionnairesOptions, 'utcOffsetMinutes' | 'clock'>) => (): string =>
    localDate(options.clock(), options.utcOffsetMinutes);
