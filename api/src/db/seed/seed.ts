import type { Kysely } from 'kysely';
import {
  academicYearId,
  academicYearName,
  academicYearStart,
  WS_NAMES,
} from '../../lib/calendar.js';
import type { Db } from '../database.js';
import type { Database } from '../schema.js';
import { prepareAcademicCore } from './academic.js';
import { LESSON_TYPES } from './catalog.js';
import { seedChat } from './chat.js';
import { SeedFiles, type SeedContext } from './context.js';
import { ensureJournalReference, seedJournal } from './journal.js';
import { seedLibrary } from './library.js';
import { seedLinks } from './links.js';
import { seedNews } from './news.js';
import { seedOrders } from './orders.js';
import { seedRegistration } from './registration.js';
import { translateCatalogue } from './translations.js';
import { seedPayments } from './payments.js';
import { seedSchedule } from './schedule.js';
import { createRandom } from './random.js';
import { seedTranscript } from './transcript.js';
import { seedQuestionnaires } from './questionnaires.js';
import { seedStatements } from './statements.js';
import { seedTesting } from './testing.js';
import { seedRooms } from './rooms.js';
import { seedWorkload } from './workload.js';

// The demo seed, run from one place: the academic core first, then every area in order, all in
// one transaction (a failed seed leaves an empty database and no files). A new area adds its
// `seedX(ctx: SeedContext)` file beside these and one line to AREA_SEEDS.

/** Years of history kept in the year lists (spec: six year options). */
const YEARS_KEPT = 6;

/** Area seeds in the order they run; each may use what the ones before it created. */
const AREA_SEEDS: ((ctx: SeedContext) => Promise<void>)[] = [
  seedLinks,
  seedNews,
  seedChat,
  seedJournal,
  seedRegistration,
  seedPayments,
  seedLibrary,
  seedTranscript,
  seedOrders,
  seedSchedule,
  seedQuestionnaires,
  seedStatements,
  seedTesting,
  seedRooms,
  seedWorkload,
];

/** Reference rows every database needs, and the academic years up to the current one. */
export async function ensureAcademicCalendar(k: Kysely<Database>, now = new Date()): Promise<void> {
  for (const [id, name] of Object.entries(WS_NAMES)) {
    await k
      .insertInto('ws')
      .values({ id: Number(id), name: name.ru })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }
  for (const type of LESSON_TYPES) {
    await k
      .insertInto('lesson_types')
      .values(type)
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }
  const current = academicYearStart(now);
  for (let start = current - YEARS_KEPT + 1; start <= current; start++) {
    await k
      .insertInto('academic_years')
      .values({ id: academicYearId(start), name: academicYearName(start) })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }
  await ensureJournalReference(k);
}

/** Seeds the demo university into an empty database. Returns false when users already exist. */
export async function seedIfEmpty(db: Db, dataDir: string, now = new Date()): Promise<boolean> {
  await ensureAcademicCalendar(db.kysely, now);
  const existing = await db.kysely
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  if (Number(existing.count) > 0) {
    // A database seeded before a catalogue column had translations gets them now.
    await translateCatalogue(db.kysely);
    return false;
  }
  const insertCore = await prepareAcademicCore(now);
  const files = SeedFiles.create(dataDir);
  try {
    await db.kysely.transaction().execute(async (trx) => {
      const core = await insertCore(trx);
      const ctx: SeedContext = {
        trx,
        dialect: db.dialect,
        dataDir,
        now,
        random: createRandom,
        core,
        files,
      };
      for (const seedArea of AREA_SEEDS) await seedArea(ctx);
      await translateCatalogue(trx);
    });
  } catch (error) {
    await files.discard();
    throw error;
  }
  await files.publish();
  return true;
}
