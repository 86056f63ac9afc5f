// Discipline: the filter chain every area's lists start from (years, semesters, disciplines,
// groups, students, teachers).
import { area } from '../../lib/plugin.js';
import disciplineRoutes from './area.js';
import { createAcademicRepository, type AcademicRepository } from './repository.js';
export { createAcademicRepository, type AcademicRepository, type Chain } from './repository.js';
export { currentTerm, termAndScope } from './current-term.js';
export { toAcademicYear, toDisciplineItem } from './wire.js';

declare module '../../lib/repositories.js' {
  interface Repositories {
    academic: AcademicRepository;
  }
}

/** The filter chain: its repository (`app.repos.academic`, which other areas' lists use) and routes. */
export const disciplineArea = area('discipline', { dependencies: ['auth'] }, async (app) => {
  app.repos.academic = createAcademicRepository(app.db.kysely, app.repos.access);
  await app.register(disciplineRoutes);
});
