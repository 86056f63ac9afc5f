// Library: the e-library and the teaching materials (UMK).
import { area } from '../../lib/plugin.js';
import libraryRoutes from './area.js';
import { createLibraryService } from './library-service.js';
import type { AreaOptions } from './shared-routes.js';
import { createUmkService } from './umk-service.js';
import { createLibraryRepository, type LibraryRepository } from './repository.js';
import { createUmkRepository, type UmkRepository } from './umk-repository.js';

export { PREFIXES as LIBRARY_PREFIXES } from './area.js';
export { createLibraryRepository, searchForm, type LibraryRepository } from './repository.js';
export { createUmkRepository, type UmkRepository } from './umk-repository.js';

declare module '../../lib/repositories.js' {
  interface Repositories {
    library: LibraryRepository;
    umk: UmkRepository;
  }
}

/** The e-library and the UMK: their repositories (`app.repos.library`, `.umk`) and routes. */
export const libraryArea = area(
  'library',
  { dependencies: ['auth'] },
  async (app, options: AreaOptions) => {
    const db = app.db.kysely;
    const { access, attachments } = app.repos;
    const library = createLibraryRepository(db, attachments);
    const umk = createUmkRepository(db, access, attachments);
    app.repos.library = library;
    app.repos.umk = umk;
    const repos = { library, umk, access, attachments };
    const books = createLibraryService(db, repos, options.dataDir);
    const materials = createUmkService(db, repos, options.dataDir);
    await app.register(libraryRoutes, { ...options, books, materials });
  },
);
