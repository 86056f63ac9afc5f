// Testing: question banks, tests and attempts (issue 40).
import { area } from '../../lib/plugin.js';
import type { PasskeySettings } from '../qr/index.js';
import { createAdmission } from './admission.js';
import type { AdmissionSettings } from './admission-rules.js';
import { createAttemptService } from './attempt-service.js';
import { createMonitor } from './monitor.js';
import { createTestingRepository, type TestingRepository } from './repository.js';
import { createImportService } from './import-service.js';
import { createBankService } from './service.js';
import { createSigning } from './submission.js';
import studentRoutes from './student-routes.js';
import teacherRoutes from './teacher-routes.js';
export { createTestingRepository, type TestingRepository } from './repository.js';

declare module '../../lib/repositories.js' {
  interface Repositories {
    testing: TestingRepository;
  }
}

/** The URL prefixes of the area's routes. */
export const PREFIXES = {
  teacher: '/lms/api/testing/teacher',
  student: '/lms/api/testing/student',
} as const;

export { DEFAULT_ADMISSION, type AdmissionSettings } from './admission-rules.js';

/**
 * Testing's settings: the relying party of the students' passkeys (the QR check-in's), the
 * controlled start's rate and the monitor's offline threshold, and the clock every deadline,
 * window and admission is read from (the server's; a test may set it).
 */
export interface TestingOptions {
  passkeys: PasskeySettings;
  admission: AdmissionSettings;
  clock: () => number;
}

/** Testing: its repository (`app.repos.testing`), its services and its routes. */
export const testingArea = area(
  'testing',
  { dependencies: ['auth', 'qr'] },
  async (app, settings: TestingOptions) => {
    const db = app.db.kysely;
    const { access } = app.repos;
    const reads = createTestingRepository(db, access);
    app.repos.testing = reads;
    const bank = createBankService(db, access);
    const admission = createAdmission(db, reads, settings.admission);
    const attempts = createAttemptService(db, access, admission);
    const monitor = createMonitor(db, settings.admission);
    const imports = createImportService(db, access, bank);
    const groupOf = async (studentId: number) => (await access.placementOf(studentId))?.groupId;
    const signing = createSigning({
      db,
      passkeys: app.repos.passkeys,
      settings: settings.passkeys,
    });
    const options = {
      ...{ reads, bank, attempts, imports, groupOf, signing },
      ...{ admission, monitor, clock: settings.clock },
    };
    await app.register(teacherRoutes, { prefix: PREFIXES.teacher, ...options });
    await app.register(studentRoutes, { prefix: PREFIXES.student, ...options });
  },
);
export { authoredQuestion } from './rules.js';
