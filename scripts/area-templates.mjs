// The files `npm run area:new <name>` writes (scripts/area-new.mjs), as functions of the area's
// names. The example they hold is small on purpose: items a user keeps, each with a title. It
// shows each file's job (docs/server-conventions.md "A new area"); the area's own records replace
// it, file by file.

/**
 * The spellings of an area's name: `demo-area` → demoArea, DemoArea, demo_area, DEMO_AREA,
 * "demo area", its table `demo_area_items` and the migration's key `NNNN_demo_area`.
 */
export function namesOf(name, migrationNumber = 0) {
  const words = name.split('-');
  const pascal = words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');
  const snake = words.join('_');
  return {
    kebab: name,
    camel: pascal.charAt(0).toLowerCase() + pascal.slice(1),
    pascal,
    snake,
    constant: snake.toUpperCase(),
    words: words.join(' '),
    capitalized: words.join(' ').charAt(0).toUpperCase() + words.join(' ').slice(1),
    table: `${snake}_items`,
    migration: `${String(migrationNumber).padStart(4, '0')}_${snake}`,
  };
}

/** The new files, by path from the repository root. */
export function areaFiles(n) {
  const area = `api/src/areas/${n.kebab}`;
  return {
    [`${area}/index.ts`]: `// ${n.capitalized}: items a user keeps (scaffolded by \`npm run area:new ${n.kebab}\`).
import { area } from '../../lib/plugin.js';
import { create${n.pascal}Repository, type ${n.pascal}Repository } from './repository.js';
import ${n.camel}Routes, { PREFIXES } from './routes.js';
import { create${n.pascal}Service } from './service.js';
export { create${n.pascal}Repository, type ${n.pascal}Repository } from './repository.js';

declare module '../../lib/repositories.js' {
  interface Repositories {
    ${n.camel}: ${n.pascal}Repository;
  }
}

/** ${n.capitalized}: its repository (\`app.repos.${n.camel}\`), its service and its routes. */
export const ${n.camel}Area = area('${n.kebab}', { dependencies: ['auth'] }, async (app) => {
  const db = app.db.kysely;
  const items = create${n.pascal}Repository(db);
  app.repos.${n.camel} = items;
  const service = create${n.pascal}Service(db, items);
  await app.register(${n.camel}Routes, { prefix: PREFIXES.${n.camel}, items, service });
});
`,

    [`${area}/routes.ts`]: `import {
  ${n.pascal}DeleteBody,
  ${n.pascal}DeleteResponse,
  ${n.pascal}Item,
  ${n.pascal}ListResponse,
  ${n.pascal}SaveBody,
  EmptyBody,
  Envelope,
  ROLE,
} from '@lms/shared/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sessionUser, visibleRecord } from '../../access/index.js';
import { ok } from '../../lib/http.js';
import type { ${n.pascal}Repository } from './repository.js';
import type { ${n.pascal}Service } from './service.js';
import { itemOf } from './wire.js';

/** The URL prefix of the area's routes. */
export const PREFIXES = { ${n.camel}: '/lms/api/${n.kebab}' } as const;

/** What the area's index.ts built for the routes. */
export interface ${n.pascal}RoutesOptions {
  items: ${n.pascal}Repository;
  service: ${n.pascal}Service;
}

/**
 * ${n.capitalized} (under /lms/api/${n.kebab}): every signed-in user lists and deletes their own
 * items, teachers add them. Who the caller is comes from the session, never from the body.
 */
const ${n.camel}Routes: FastifyPluginAsyncTypebox<${n.pascal}RoutesOptions> = async (
  app,
  { items, service },
) => {
  app.addHook('onRequest', app.requireUser);

  app.post(
    '/list.json',
    { schema: { body: EmptyBody, response: { 200: Envelope(${n.pascal}ListResponse) } } },
    async (request) => ok((await items.listOf(sessionUser(request).uid)).map(itemOf)),
  );

  app.post(
    '/save.json',
    {
      onRequest: app.requireRole(ROLE.teacher),
      // What it answers besides 200 and the usual refusals: the API reference lists it.
      config: { answers: { 409: 'The caller has an item of that title already.' } },
      schema: { body: ${n.pascal}SaveBody, response: { 200: Envelope(${n.pascal}Item) } },
    },
    async (request) => {
      const saved = await service.save(sessionUser(request).uid, request.body.title, Date.now());
      return ok(itemOf(saved));
    },
  );

  app.post(
    '/delete.json',
    { schema: { body: ${n.pascal}DeleteBody, response: { 200: Envelope(${n.pascal}DeleteResponse) } } },
    async (request) => {
      const user = sessionUser(request);
      // Another user's item and a missing one get the same answer (hiddenRecord).
      const item = visibleRecord(await items.find(request.body.id), (row) => row.user_id === user.uid);
      await items.remove(item.id);
      return ok({ id: item.id });
    },
  );
};

export default ${n.camel}Routes;
`,

    [`${area}/rules.ts`]: `// ${n.capitalized}'s decisions: pure functions of facts already read (no database, no Fastify,
// no texts), unit-tested in api/test/unit/${n.kebab}-rules.test.ts.

/** Why a save is refused; each code has its text in messages.ts and its status in service.ts. */
export type SaveRefusal = 'blankTitle' | 'titleTaken';

/** A title as it is stored and compared: trimmed, each run of white space one space. */
export function normalizedTitle(title: string): string {
  return title.trim().replace(/\\s+/g, ' ');
}

/** What a save is decided on, read in its transaction. */
export interface SaveFacts {
  /** The title, normalized. */
  title: string;
  /** Whether the user already keeps an item with this title. */
  taken: boolean;
}

/** Whether an item may be saved: the refusal the user should hear first, or null. */
export function saveRefusal(facts: SaveFacts): SaveRefusal | null {
  if (facts.title === '') return 'blankTitle';
  if (facts.taken) return 'titleTaken';
  return null;
}
`,

    [`${area}/service.ts`]: `import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../db/errors.js';
import type { Database } from '../../db/schema.js';
import { ApiError, MESSAGES } from '../../lib/http.js';
import { ${n.constant}_MESSAGES } from './messages.js';
import {
  create${n.pascal}Repository,
  type ${n.pascal}ItemRow,
  type ${n.pascal}Repository,
} from './repository.js';
import { normalizedTitle, saveRefusal, type SaveRefusal } from './rules.js';

/** The HTTP status of each refusal of the rules. */
const REFUSAL_STATUS: Record<SaveRefusal, 400 | 409> = { blankTitle: 400, titleTaken: 409 };

/**
 * ${n.capitalized}'s writes (built by the area's index.ts). Each opens ONE transaction, reads the facts its rules need on a
 * repository built on that transaction (so a decision never rests on a read made outside it),
 * asks the rules, then writes; \`items\` reads what the write made once it has committed.
 */
export function create${n.pascal}Service(db: Kysely<Database>, items: ${n.pascal}Repository) {
  return {
    /** A new item of the user's: refused when its title is blank or already one of theirs. */
    async save(userId: number, title: string, now: number): Promise<${n.pascal}ItemRow> {
      const stored = normalizedTitle(title);
      let id: number;
      try {
        id = await db.transaction().execute(async (trx) => {
          const inTransaction = create${n.pascal}Repository(trx);
          const taken = await inTransaction.hasTitle(userId, stored);
          const refusal = saveRefusal({ title: stored, taken });
          if (refusal) throw new ApiError(REFUSAL_STATUS[refusal], ${n.constant}_MESSAGES[refusal]);
          return inTransaction.insert({ user_id: userId, title: stored, created_at: now });
        });
      } catch (error) {
        // Two saves of one title at once: the unique index refuses the second, as the rule does.
        if (isUniqueViolation(error)) throw new ApiError(409, ${n.constant}_MESSAGES.titleTaken);
        throw error;
      }
      const saved = await items.find(id);
      // Deleted between the commit and this read.
      if (!saved) throw new ApiError(404, MESSAGES.notFound);
      return saved;
    },
  };
}

export type ${n.pascal}Service = ReturnType<typeof create${n.pascal}Service>;
`,

    [`${area}/repository.ts`]: `import type { Insertable, Kysely, Selectable } from 'kysely';
import type { ${n.pascal}ItemTable } from '../../db/${n.kebab}-schema.js';
import type { Database } from '../../db/schema.js';

export type ${n.pascal}ItemRow = Selectable<${n.pascal}ItemTable>;

/**
 * ${n.capitalized}'s SQL (rows as stored; what they become on the wire is wire.ts). Built once on
 * the app's handle (\`app.repos.${n.camel}\`), and on a service's transaction for its writes.
 */
export function create${n.pascal}Repository(db: Kysely<Database>) {
  return {
    /** A user's items, newest first. */
    listOf(userId: number): Promise<${n.pascal}ItemRow[]> {
      return db
        .selectFrom('${n.table}')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    find(id: number): Promise<${n.pascal}ItemRow | undefined> {
      return db.selectFrom('${n.table}').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async hasTitle(userId: number, title: string): Promise<boolean> {
      const row = await db
        .selectFrom('${n.table}')
        .select('id')
        .where('user_id', '=', userId)
        .where('title', '=', title)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Stores an item; answers its id. */
    async insert(item: Insertable<${n.pascal}ItemTable>): Promise<number> {
      const row = await db
        .insertInto('${n.table}')
        .values(item)
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async remove(id: number): Promise<void> {
      await db.deleteFrom('${n.table}').where('id', '=', id).execute();
    },
  };
}

export type ${n.pascal}Repository = ReturnType<typeof create${n.pascal}Repository>;
`,

    [`${area}/wire.ts`]: `import type { ${n.pascal}Item } from '@lms/shared/contract';
import type { ${n.pascal}ItemRow } from './repository.js';

// ${n.capitalized}'s answers in the contract's shape, from the rows the repository selects.

export function itemOf(row: ${n.pascal}ItemRow): ${n.pascal}Item {
  return { id: row.id, title: row.title, created: row.created_at };
}
`,

    [`${area}/messages.ts`]: `import type { Messages } from '../../lib/messages.js';
import type { SaveRefusal } from './rules.js';

/** ${n.capitalized}'s refusals, in every language (the error handler answers the caller's). */
export const ${n.constant}_MESSAGES = {
  blankTitle: {
    kg: 'Аталышын жазыңыз',
    ru: 'Введите название',
    en: 'Enter a title',
  },
  titleTaken: {
    kg: 'Сизде мындай аталыштагы жазуу бар',
    ru: 'Запись с таким названием у вас уже есть',
    en: 'You already keep an item with this title',
  },
} as const satisfies Messages<SaveRefusal>;
`,

    [`shared/src/contract/${n.kebab}.ts`]: `import { Type, type Static } from '@sinclair/typebox';
import { Id } from './envelope.js';

// ${n.capitalized} (api/src/areas/${n.kebab}): items a user keeps. Routes under
// /lms/api/${n.kebab}, signed in; adding an item is for teachers.

/** The longest title of an item. */
export const ${n.constant}_TITLE_MAX_LENGTH = 200;

/** One item, as every answer of the area shows it. \`created\`: epoch ms. */
export const ${n.pascal}Item = Type.Object({
  id: Id,
  title: Type.String(),
  created: Type.Integer(),
});
export type ${n.pascal}Item = Static<typeof ${n.pascal}Item>;

/** POST ${n.kebab}/list.json (body {}): the caller's items, newest first. */
export const ${n.pascal}ListResponse = Type.Array(${n.pascal}Item);
export type ${n.pascal}ListResponse = Static<typeof ${n.pascal}ListResponse>;

/**
 * POST ${n.kebab}/save.json (teachers): a new item, answered as stored. The title is trimmed and
 * must not be blank or the title of another of the caller's items.
 */
export const ${n.pascal}SaveBody = Type.Object({
  title: Type.String({
    minLength: 1,
    maxLength: ${n.constant}_TITLE_MAX_LENGTH,
    examples: ['Reading list'],
  }),
});
export type ${n.pascal}SaveBody = Static<typeof ${n.pascal}SaveBody>;

/** POST ${n.kebab}/delete.json: one of the caller's items; answers its id. */
export const ${n.pascal}DeleteBody = Type.Object({ id: Id });
export type ${n.pascal}DeleteBody = Static<typeof ${n.pascal}DeleteBody>;
export const ${n.pascal}DeleteResponse = Type.Object({ id: Id });
export type ${n.pascal}DeleteResponse = Static<typeof ${n.pascal}DeleteResponse>;
`,

    [`api/src/db/${n.kebab}-schema.ts`]: `// ${n.capitalized} (see migrations/${n.migration}.ts).

import type { Generated } from 'kysely';

/** One item a user keeps. */
export interface ${n.pascal}ItemTable {
  id: Generated<number>;
  /** users.id of the owner. */
  user_id: number;
  /** Trimmed, each run of white space one space; unique per owner. */
  title: string;
  /** Epoch ms of the save. */
  created_at: number;
}

export interface ${n.pascal}Tables {
  ${n.table}: ${n.pascal}ItemTable;
}
`,

    [`api/src/db/migrations/${n.migration}.ts`]: `import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { tableWithId } from './dialect.js';

/**
 * ${n.capitalized}: the items each user keeps, one title once per user (the unique index holds it
 * against two saves at once). A user's items go with the user.
 */
export function ${n.camel}Migration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await tableWithId(dialect, db, '${n.table}')
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('${n.table}_user_title', ['user_id', 'title'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('${n.table}').execute();
    },
  };
}
`,

    [`api/src/db/seed/${n.kebab}.ts`]: `import { ROLE } from '@lms/shared/contract';
import type { SeedContext } from './context.js';

/** The item the demo teacher (and a colleague) keeps on a fresh portal. */
export const ${n.constant}_SEED = { title: 'Первая запись' } as const;

/**
 * ${n.capitalized}: an item of a colleague's, then one of the demo teacher's, so the list is not
 * empty and someone else's item is there to be refused. The colleague's comes first: record 1 is
 * then not the demo teacher's, whom the fuzz suite calls with hand-written bodies naming id 1.
 */
export async function seed${n.pascal}(ctx: SeedContext): Promise<void> {
  const { trx, core, now } = ctx;
  const colleague = await trx
    .selectFrom('users')
    .select('id')
    .where('role', '=', ROLE.teacher)
    .where('id', '!=', core.demoTeacher.uid)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('${n.table}')
    .values(
      [colleague.id, core.demoTeacher.uid].map((userId) => ({
        user_id: userId,
        title: ${n.constant}_SEED.title,
        created_at: now.getTime(),
      })),
    )
    .execute();
}
`,

    [`api/test/unit/${n.kebab}-rules.test.ts`]: `import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { normalizedTitle, saveRefusal } from '../../src/areas/${n.kebab}/rules.js';

describe('${n.kebab} rules', () => {
  test('a title is trimmed and each run of white space becomes one space', () => {
    assert.equal(normalizedTitle('  Reading \\t\\n list  '), 'Reading list');
    assert.equal(normalizedTitle('\\u00a0 \\u00a0'), '');
  });

  test('a blank title is refused before a taken one; a new title passes', () => {
    assert.equal(saveRefusal({ title: '', taken: true }), 'blankTitle');
    assert.equal(saveRefusal({ title: 'Reading list', taken: true }), 'titleTaken');
    assert.equal(saveRefusal({ title: 'Reading list', taken: false }), null);
  });
});
`,

    [`api/test/${n.kebab}.test.ts`]: `// ${n.capitalized} over HTTP: the journey of its routes, who may call them, and refused
// requests answered in the caller's language without a write.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ${n.constant}_TITLE_MAX_LENGTH, type ${n.pascal}Item } from '@lms/shared/contract';
import { ${n.constant}_MESSAGES } from '../src/areas/${n.kebab}/messages.js';
import { ${n.constant}_SEED } from '../src/db/seed/${n.kebab}.js';
import { MESSAGES } from '../src/lib/messages.js';
import {
  createTestApp,
  DEMO,
  envelope,
  whoAmI,
  type Client,
  type TestApp,
} from './helper.js';

const API = '/lms/api/${n.kebab}';

describe('${n.kebab}', () => {
  let t: TestApp;
  let teacher: Client;
  let student: Client;
  before(async () => {
    t = await createTestApp();
    teacher = await t.login(DEMO.teacher);
    student = await t.login(DEMO.student);
  });
  after(() => t.close());

  const rowCount = async () =>
    Number(
      (
        await t.app.db.kysely
          .selectFrom('${n.table}')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const listOf = async (client: Client) => {
    const response = await client.post(\`\${API}/list.json\`, {});
    assert.equal(response.statusCode, 200);
    return envelope<${n.pascal}Item[]>(response).data ?? [];
  };

  test('a teacher lists the seeded item, saves one, finds it first and deletes it', async () => {
    assert.deepEqual(
      (await listOf(teacher)).map((item) => item.title),
      [${n.constant}_SEED.title],
    );
    const saved = await teacher.post(\`\${API}/save.json\`, { title: '  Reading   list ' });
    assert.equal(saved.statusCode, 200);
    const item = envelope<${n.pascal}Item>(saved).data;
    assert.ok(item);
    assert.equal(item.title, 'Reading list');
    assert.equal((await listOf(teacher))[0]?.id, item.id);
    const deleted = await teacher.post(\`\${API}/delete.json\`, { id: item.id });
    assert.equal(deleted.statusCode, 200);
    assert.deepEqual(envelope(deleted).data, { id: item.id });
    assert.equal((await listOf(teacher)).length, 1);
  });

  test('a student lists their own (none) but may not save: the role is refused', async () => {
    assert.deepEqual(await listOf(student), []);
    const before = await rowCount();
    const refused = await student.post(\`\${API}/save.json\`, { title: 'Mine' });
    assert.equal(refused.statusCode, 403);
    assert.equal(envelope(refused).error, MESSAGES.teachersOnly.ru);
    assert.equal(await rowCount(), before);
  });

  test('without a session every route answers 401', async () => {
    const anonymous = await t.client().prime();
    for (const path of ['list.json', 'save.json', 'delete.json']) {
      const response = await anonymous.post(\`\${API}/\${path}\`, {});
      assert.equal(response.statusCode, 401, path);
      assert.equal(envelope(response).data, null, path);
    }
  });

  test('a wrong body is a 400 with a message in the caller’s language, and writes nothing', async () => {
    const english = await t.login(DEMO.teacher);
    english.cookies.set('lang', 'en');
    const before = await rowCount();
    for (const body of [
      {},
      { title: 5 },
      { title: '' },
      { title: 'x'.repeat(${n.constant}_TITLE_MAX_LENGTH + 1) },
    ]) {
      const response = await english.post(\`\${API}/save.json\`, body);
      assert.equal(response.statusCode, 400, JSON.stringify(body));
      assert.match(envelope(response).error ?? '', /^Invalid request: body/);
    }
    const blank = await english.post(\`\${API}/save.json\`, { title: ' \\t ' });
    assert.equal(blank.statusCode, 400);
    assert.equal(envelope(blank).error, ${n.constant}_MESSAGES.blankTitle.en);
    const taken = await english.post(\`\${API}/save.json\`, { title: ${n.constant}_SEED.title });
    assert.equal(taken.statusCode, 409);
    assert.equal(envelope(taken).error, ${n.constant}_MESSAGES.titleTaken.en);
    assert.equal(await rowCount(), before);
  });

  test("a colleague's item and a missing one are refused alike, and nothing is deleted", async () => {
    const me = await whoAmI(teacher);
    const theirs = await t.app.db.kysely
      .selectFrom('${n.table}')
      .select('id')
      .where('user_id', '!=', me.uid)
      .executeTakeFirstOrThrow();
    const before = await rowCount();
    const others = await teacher.post(\`\${API}/delete.json\`, { id: theirs.id });
    const missing = await teacher.post(\`\${API}/delete.json\`, { id: 987_654 });
    assert.equal(others.statusCode, 403);
    assert.equal(envelope(others).error, MESSAGES.forbidden.ru);
    assert.deepEqual(
      [missing.statusCode, envelope(missing).error],
      [others.statusCode, envelope(others).error],
    );
    assert.equal(await rowCount(), before);
  });
});
`,
  };
}
