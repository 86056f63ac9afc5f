import { createAccessRepository } from '../../access/teaching.js';
import { createAttachmentsRepository } from '../../lib/attachments.js';
import { appPlugin } from '../../lib/plugin.js';
import type { Repositories } from '../../lib/repositories.js';

/**
 * `app.repos` with the repositories every area shares (access, attachments); each area adds its
 * own as it registers (lib/repositories.ts).
 */
export default appPlugin(
  'repositories',
  async (app) => {
    const shared: Pick<Repositories, 'access' | 'attachments'> = {
      access: createAccessRepository(app.db.kysely),
      attachments: createAttachmentsRepository(app.db.kysely),
    };
    // The areas fill in the rest as they register (each declares what it adds).
    app.decorate('repos', shared as Repositories);
  },
  { dependencies: ['database'] },
);
