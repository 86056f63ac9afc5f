import type { AccessRepository } from '../access/teaching.js';
import type { AttachmentsRepository } from './attachments.js';

/**
 * The repositories of the app, one set per process (`app.repos`). The app's own plugin
 * (plugins/app/repositories.ts) puts the shared ones here; each area adds its own when it
 * registers, and declares them by merging into this interface from its `index.ts`:
 *
 *     declare module '../../lib/repositories.js' {
 *       interface Repositories { news: NewsRepository }
 *     }
 *
 * An area that reads another's repository names that area in its `dependencies`, so Fastify
 * refuses to start when the order is wrong.
 */
export interface Repositories {
  /** Who teaches whom, who studies what (access/teaching.ts). */
  access: AccessRepository;
  /** Every area's attached files (lib/attachments.ts). */
  attachments: AttachmentsRepository;
}

declare module 'fastify' {
  interface FastifyInstance {
    repos: Repositories;
  }
}
