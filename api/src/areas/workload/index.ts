// Individual workload: a teacher's planned hours for the year against the hours taught.
import { area } from '../../lib/plugin.js';
import { localDate, type ScheduleOptions } from '../schedule/index.js';
import { createWorkloadRepository, type WorkloadRepository } from './repository.js';
import workloadRoutes, { PREFIXES } from './routes.js';
import { createWorkloadService } from './service.js';
export { createWorkloadRepository, type WorkloadRepository } from './repository.js';

declare module '../../lib/repositories.js' {
  interface Repositories {
    workload: WorkloadRepository;
  }
}

/** Workload: its repository (`app.repos.workload`), its service and its routes. */
export const workloadArea = area(
  'workload',
  { dependencies: ['auth', 'schedule'] },
  async (app, options: { schedule: ScheduleOptions }) => {
    const db = app.db.kysely;
    const repo = createWorkloadRepository(db);
    app.repos.workload = repo;
    const service = createWorkloadService(db, repo);
    const { clock, utcOffsetMinutes } = options.schedule;
    const today = () => localDate(clock(), utcOffsetMinutes);
    await app.register(workloadRoutes, { prefix: PREFIXES.workload, service, today });
  },
);
