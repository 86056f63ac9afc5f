import type { Kysely } from 'kysely';
import { appPlugin } from '../lib/plugin.js';
import type { Database } from '../db/schema.js';
import { createAccessRepository } from '../access/teaching.js';
import { createAcademicRepository } from './discipline/index.js';
import { createAttachmentsRepository } from '../lib/attachments.js';
import { createChatRepository } from './chat/index.js';
import { createJournalRepository } from './journal/index.js';
import { createLibraryRepository } from './library/index.js';
import { createLinksRepository } from './profile/index.js';
import {
  createCanaryRepository,
  createMissingKeysRepository,
  createRemoteHealthRepository,
} from './portal/index.js';
import { createNewsRepository } from './news/index.js';
import { createOrdersRepository } from './orders/index.js';
import { createPaymentsRepository } from './payments/index.js';
import { createPeopleRepository } from './profile/index.js';
import { createRegistrationRepository } from './registration/index.js';
import { createScheduleRepository } from './journal/index.js';
import { createSessionsRepository } from './auth/index.js';
import { createThrottleRepository, type ThrottleLimits } from './auth/index.js';
import { createTranscriptRepository } from './transcript/index.js';
import { createUmkRepository } from './library/index.js';
import { createUsersRepository } from './auth/index.js';

export function createRepositories(db: Kysely<Database>, throttle: ThrottleLimits) {
  const access = createAccessRepository(db);
  const attachments = createAttachmentsRepository(db);
  const journal = createJournalRepository(db, access);
  return {
    users: createUsersRepository(db),
    sessions: createSessionsRepository(db),
    throttle: createThrottleRepository(db, throttle),
    people: createPeopleRepository(db),
    access,
    academic: createAcademicRepository(db, access),
    links: createLinksRepository(db),
    attachments,
    news: createNewsRepository(db, attachments),
    chat: createChatRepository(db, access, attachments),
    journal,
    schedule: createScheduleRepository(db, journal),
    registration: createRegistrationRepository(db),
    payments: createPaymentsRepository(db),
    library: createLibraryRepository(db, attachments),
    umk: createUmkRepository(db, access, attachments),
    orders: createOrdersRepository(db),
    transcript: createTranscriptRepository(db),
    missingKeys: createMissingKeysRepository(db),
    canary: createCanaryRepository(db),
    remoteHealth: createRemoteHealthRepository(db),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;

declare module 'fastify' {
  interface FastifyInstance {
    repos: Repositories;
  }
}

/** Every area's repositories, built once on the app's database: `app.repos`. */
export const repositories = appPlugin(
  'repositories',
  async (app, options: { throttle: ThrottleLimits }) => {
    app.decorate('repos', createRepositories(app.db.kysely, options.throttle));
  },
);
