// Testing: question banks, tests and attempts (issue 40).
import { area } from '../../lib/plugin.js';
import type { PasskeySettings } from '../qr/index.js';
import { createAttemptService } from './attempt-service.js';
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

/** Testing's settings: the relying party of the students' passkeys (the QR check-in's). */
export interface TestingOptions {
  passkeys: PasskeySettings;
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
    const attempts = createAttemptService(db, access);
    const imports = createImportService(db, access, bank);
    const groupOf = async (studentId: number) => (await access.placementOf(studentId))?.groupId;
    const signing = createSigning({
      db,
      passkeys: app.repos.passkeys,
      settings: settings.passkeys,
    });
    const options = { reads, bank, attempts, imports, groupOf, signing };
    await app.register(teacherRoutes, { prefix: PREFIXES.teacher, ...options });
    await app.register(studentRoutes, { prefix: PREFIXES.student, ...options });
  },
);
export { authoredQuestion } from './rules.js';
