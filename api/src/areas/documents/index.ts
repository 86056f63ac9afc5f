// Documents: every document the portal issued to a person, from its one record of issued
// documents (`issued_documents`), and the registrar's revocation with a reason.
import { area } from '../../lib/plugin.js';
import { createDocumentsRepository, type DocumentsRepository } from './repository.js';
import documentsRoutes, { PREFIXES } from './routes.js';
import { createDocumentsService, type DocumentsSettings } from './service.js';
export { createDocumentsRepository, type DocumentsRepository } from './repository.js';
export {
  createDocumentsService,
  type DocumentsService,
  type DocumentsSettings,
} from './service.js';

declare module '../../lib/repositories.js' {
  interface Repositories {
    documents: DocumentsRepository;
  }
}

/** Documents: its repository (`app.repos.documents`), its service and its routes. */
export const documentsArea = area(
  'documents',
  { dependencies: ['auth'] },
  async (app, options: DocumentsSettings) => {
    const documents = createDocumentsRepository(app.db.kysely);
    app.repos.documents = documents;
    const service = createDocumentsService(documents, options);
    await app.register(documentsRoutes, { prefix: PREFIXES.documents, documents, service });
  },
);
