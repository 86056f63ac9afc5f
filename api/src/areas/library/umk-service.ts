import {
  PLACEHOLDER_ID,
  ROLE,
  type SessionUser,
  type UmkFields,
  type UmkItem,
} from '@lms/shared/contract';
import type { Kysely } from 'kysely';
import {
  assertSelf,
  hiddenRecord,
  visibleRecord,
  type AccessRepository,
  type Scope,
} from '../../access/index.js';
import type { Database } from '../../db/schema.js';
import type { Attachment, AttachmentsRepository } from '../../lib/attachments.js';
import type { Language } from '../../lib/catalogue-names.js';
import { ApiError, MESSAGES } from '../../lib/http.js';
import {
  deleteWithFile,
  libraryFileStore,
  orRefuse,
  refuseIf,
  saveWithFile,
} from './library-service.js';
import type { LibraryRepository } from './repository.js';
import {
  catalogueNeeds,
  identityClaims,
  managesMaterial,
  materialChoices,
  readsMaterial,
  readUmkFields,
} from './rules.js';
import type { UmkMaterial, UmkRepository, UmkRow } from './umk-repository.js';
import type { ReceivedUpload } from './upload.js';
import { toUmkItem } from './wire.js';

/** A teacher's own assignments. */
export function teacherScope(user: SessionUser): Scope {
  return { kind: 'teacher', teacherId: user.id };
}

/** The record a material's form describes (the library listing follows `forLibrary`). */
function materialOf(fields: UmkFields): UmkMaterial {
  const needs = catalogueNeeds(fields);
  return {
    disciplineId: fields.id_discipline,
    semester: fields.id_semester,
    typeId: fields.id_typeUmk,
    examTypeId: needs.examType,
    name: fields.umkName,
    author: fields.author,
    description: fields.description,
    pages: fields.totalPages,
    audience: fields.id_forStudentKind,
    kind: fields.kind,
    forLibrary: fields.isForEBooks === 1,
    categoryId: needs.category,
  };
}

/**
 * The teaching materials' reads that decide access and their writes: a material with its file
 * and its library listing in one transaction, its deletion, the student's visits.
 */
export function createUmkService(
  db: Kysely<Database>,
  repos: {
    umk: UmkRepository;
    library: LibraryRepository;
    access: AccessRepository;
    attachments: AttachmentsRepository;
  },
  dataDir: string,
) {
  const { umk, library, access } = repos;
  const files = libraryFileStore(db, repos, dataDir);

  /** Whose teaching the caller's lists cover (403 for a caller without a place). */
  async function scopeOf(user: SessionUser): Promise<Scope> {
    const scope = await access.scopeOf(user);
    if (!scope) throw new ApiError(403, MESSAGES.forbidden);
    return scope;
  }

  /** The caller teaches (or studies) the discipline in the semester, else 403. */
  async function requireCovers(scope: Scope, disciplineId: number, semester: number) {
    if (!(await umk.covers(scope, disciplineId, semester))) {
      refuseIf({ refusal: 'notYourDiscipline', status: 403 });
    }
  }

  /** A material the caller manages; missing and not theirs answer alike (hiddenRecord). */
  async function managed(user: SessionUser, id: number): Promise<UmkRow> {
    const row = await umk.find(id);
    const teaches =
      row !== undefined &&
      user.role === ROLE.teacher &&
      (await umk.covers(teacherScope(user), row.discipline_id, row.study_semester));
    return visibleRecord(row, (found) => managesMaterial(user, found, teaches));
  }

  /** The saved material as the list shows it to its manager. */
  async function itemOf(lang: Language, id: number): Promise<UmkItem> {
    const saved = await umk.find(id);
    if (!saved) throw hiddenRecord();
    const [row] = await umk.list(lang, {
      disciplineId: saved.discipline_id,
      semester: saved.study_semester,
      typeId: null,
      teacherId: null,
      ids: [id],
    });
    if (!row) throw new Error(`material ${id} vanished after saving`);
    return toUmkItem(row, { canEdit: true, since: null });
  }

  return {
    files,
    scopeOf,
    requireCovers,

    /** A material form's fields, if the caller may write them (before the file is stored). */
    async checkMaterial(user: SessionUser, raw: Record<string, string>): Promise<UmkFields> {
      assertSelf(user, identityClaims(raw));
      const fields = orRefuse(readUmkFields(raw));
      if (fields.idBook !== PLACEHOLDER_ID) await managed(user, fields.idBook);
      await requireCovers(teacherScope(user), fields.id_discipline, fields.id_semester);
      const needs = catalogueNeeds(fields);
      refuseIf(
        materialChoices(fields, {
          typeExists: await umk.typeExists(fields.id_typeUmk),
          examTypeExists: needs.examType === null || (await umk.examTypeExists(needs.examType)),
          categoryExists: needs.category !== null && (await library.categoryExists(needs.category)),
        }),
      );
      return fields;
    },

    /**
     * Adds or edits the material, lists it in the library (or takes it off), and replaces its
     * file when one came, in one transaction.
     */
    async saveMaterial(
      user: SessionUser,
      upload: ReceivedUpload<UmkFields>,
      lang: Language,
    ): Promise<UmkItem> {
      const { fields } = upload;
      const material = materialOf(fields);
      const { categoryId, name, author, description, pages } = material;
      const listing =
        material.forLibrary && categoryId !== null
          ? { categoryId, name, author, description, pages }
          : null;
      const existing = fields.idBook;
      const id = await saveWithFile(db, files, 'umk', user, upload, existing, async (trx, at) => {
        const id = at.isNew
          ? await umk.insert(trx, material, { teacherId: user.id, uid: user.uid, at: at.createdAt })
          : existing;
        if (!at.isNew) await umk.update(trx, id, material, at.createdAt);
        await library.syncFromUmk(trx, id, listing, at);
        return id;
      });
      return itemOf(lang, id);
    },

    /** Deletes the material with its listing and its file. */
    async deleteMaterial(user: SessionUser, id: number): Promise<number> {
      const row = await managed(user, id);
      const owner = { area: 'umk', id: row.id } as const;
      await deleteWithFile(db, files, owner, (trx) => umk.delete(trx, row.id));
      return row.id;
    },

    /** A material's file if the caller may read it, and how to count its download. */
    async materialFile(
      user: SessionUser,
      id: number,
    ): Promise<{ file: Attachment; count: () => Promise<void> }> {
      const row = await umk.find(id);
      const coversIt =
        row !== undefined &&
        !readsMaterial(user, row, false) &&
        (await umk.covers(await scopeOf(user), row.discipline_id, row.study_semester));
      const material = visibleRecord(row, (found) => readsMaterial(user, found, coversIt));
      const file = await files.fileOf({ area: 'umk', id: material.id });
      if (!file) throw new ApiError(404, MESSAGES.notFound);
      return { file, count: () => umk.countDownload(material.id) };
    },

    /** The start of the student's previous visit (later materials are new). */
    async previousVisit(user: SessionUser, sessionId: number): Promise<number | null> {
      const now = Date.now();
      return db.transaction().execute((trx) => umk.previousVisit(trx, user.uid, sessionId, now));
    },
  };
}

export type UmkService = ReturnType<typeof createUmkService>;
