// Course evaluations (docs/security.md "Course evaluations: unlinkable by construction").
import { area } from '../../lib/plugin.js';
import { PREFIXES, todayOf, type QuestionnairesOptions } from './config.js';
import { officeRoutes } from './office-routes.js';
import { createQuestionnairesRepository, type QuestionnairesRepository } from './repository.js';
import questionnairesRoutes from './routes.js';
import { createQuestionnairesService, keyOf } from './service.js';
export { createQuestionnairesRepository, type QuestionnairesRepository } from './repository.js';
export type { QuestionnairesOptions } from './config.js';

declare module '../../lib/repositories.js' {
  interface Repositories {
    questionnaires: QuestionnairesRepository;
  }
}

/** Course evaluations: its repository (`app.repos.questionnaires`), its service and its routes. */
export const questionnairesArea = area(
  'questionnaires',
  { dependencies: ['auth'] },
  async (app, options: QuestionnairesOptions) => {
    const db = app.db.kysely;
    const questionnaires = createQuestionnairesRepository(db);
    app.repos.questionnaires = questionnaires;
    const access = app.repos.access;
    const service = createQuestionnairesService(db, { access, key: keyOf(options.secret) });
    const routeOptions = { questionnaires, service, access, today: todayOf(options) };
    await app.register(questionnairesRoutes, { prefix: PREFIXES.questionnaires, ...routeOptions });
    await app.register(officeRoutes, { prefix: PREFIXES.questionnaires, ...routeOptions });
  },
);
