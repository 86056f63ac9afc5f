// Library: the e-library and the teaching materials (UMK).
import { area } from '../../lib/plugin.js';
import libraryRoutes from './area.js';
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
  async (app, options: Parameters<typeof libraryRoutes>[1]) => {
    const { access, attachments } = app.repos;
    app.repos.library = createLibraryRepository(app.db.kysely, attachments);
    app.repos.umk = createUmkRepository(app.db.kysely, access, attachments);
    await app.register(libraryRoutes, options);
  },
);
