import { createAccessRepository } from '../../access/teaching.js';
import { createAttachmentsRepository } from '../../lib/attachments.js';
import { appPlugin } from '../../lib/plugin.js';
import type { Repositories } from '../../lib/repositories.js';

/** Names asked of any object by the runtime (decorate's getter check, await, JSON), not areas. */
const PROBED = new Set(['getter', 'setter', 'then', 'toJSON', 'constructor']);

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
    // The areas fill in the rest as they register (each declares what it adds). Reading one that
    // is not built yet is an area registered before an area it needs: said at start-up, by name,
    // rather than found as an undefined repository on a request.
    const repos = new Proxy(shared as Repositories, {
      get(target, key, receiver) {
        if (typeof key === 'string' && !(key in target) && !PROBED.has(key)) {
          throw new Error(
            `app.repos.${key} is not built yet: register the area that builds it first and name that area in the dependencies of the one that reads it`,
          );
        }
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    app.decorate('repos', repos);
  },
  { dependencies: ['database'] },
);
