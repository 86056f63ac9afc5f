// Transcript: the student's record of marks and its PDF.
import { area } from '../../lib/plugin.js';
import { createTranscriptRepository, type TranscriptRepository } from './repository.js';
import transcriptRoutes from './routes.js';
export { createTranscriptRepository, type TranscriptRepository } from './repository.js';
export type { StudentCard } from '../../lib/documents/issue.js';
export { bandOf, creditTotals } from './rules.js';

declare module '../../lib/repositories.js' {
  interface Repositories {
    transcript: TranscriptRepository;
  }
}

/** The transcript: its repository (`app.repos.transcript`) and routes (documents come from orders). */
export const transcriptArea = area(
  'transcript',
  { dependencies: ['auth', 'orders'] },
  async (app, options: Parameters<typeof transcriptRoutes>[1]) => {
    app.repos.transcript = createTranscriptRepository(app.db.kysely);
    await app.register(transcriptRoutes, options);
  },
);
