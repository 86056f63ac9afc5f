import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { createAccessRepository } from './access.js';
import { createAcademicRepository } from './academic.js';
import { createAttachmentsRepository } from './attachments.js';
import { createChatRepository } from './chat.js';
import { createJournalRepository } from './journal.js';
import { createLibraryRepository } from './library.js';
import { createLinksRepository } from './links.js';
import { createMissingKeysRepository } from './missing-keys.js';
import { createNewsRepository } from './news.js';
import { createOrdersRepository } from './orders.js';
import { createPaymentsRepository } from './payments.js';
import { createPeopleRepository } from './people.js';
import { createRegistrationRepository } from './registration.js';
import { createScheduleRepository } from './schedule.js';
import { createSessionsRepository } from './sessions.js';
import { createThrottleRepository, type ThrottleLimits } from './throttle.js';
import { createTranscriptRepository } from './transcript.js';
import { createUmkRepository } from './umk.js';
import { createUsersRepository } from './users.js';

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
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
