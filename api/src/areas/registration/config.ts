import type { RegistrarRepository } from './registrar-repository.js';
import type { RegistrarService } from './registrar-service.js';
import type { RegistrationServiceOptions, RegistrationService } from './service.js';
import type { StudentDirectory } from './student-directory.js';
import type { StudentPages } from './student-pages.js';
import type { WaitlistRepository } from './waitlist-repository.js';
import type { WaitlistService } from './waitlist-service.js';

/** The spec's legacy URL prefix of registration. */
export const PREFIXES = { registration: '/lms/api/regfordisciplines' } as const;

/** What the app configures registration with (app.ts). */
export type RegistrationOptions = RegistrationServiceOptions & {
  /** The server's clock (epoch ms): the schedule's, so demos and tests can place "now". */
  clock?: () => number;
  /** How long a student promoted from a waiting list may decline the seat (ms). */
  declineMs?: number;
  heartbeatMs?: number;
};

/**
 * What each role's route plugin is registered with: the area's services and repositories, built
 * once by index.ts, so every role's routes share one promotion of freed seats per process.
 */
export interface RegistrationRouteOptions {
  service: RegistrationService;
  waitlistService: WaitlistService;
  registrarService: RegistrarService;
  waitlist: WaitlistRepository;
  registrar: RegistrarRepository;
  /** The registrar's student search (kept folded per language). */
  directory: StudentDirectory;
  /** The answers of the student's screens that several calls share. */
  pages: StudentPages;
  clock: () => number;
  heartbeatMs?: number;
}
