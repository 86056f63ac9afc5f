// Profile: the person's card, photo, settings, useful links and the `misc` lookups.
import { area } from '../../lib/plugin.js';
import type { CommonSettings } from '../../lib/settings.js';
import profileRoutes from './area.js';
import { createLinksRepository, type LinksRepository } from './links-repository.js';
import { createPeopleRepository, type PeopleRepository } from './repository.js';
export { createPeopleRepository, type PeopleRepository } from './repository.js';
export { createLinksRepository, type LinksRepository } from './links-repository.js';

declare module '../../lib/repositories.js' {
  interface Repositories {
    people: PeopleRepository;
    links: LinksRepository;
  }
}

/** The profile: people and useful links (`app.repos.people`, `.links`) and their routes. */
export const profileArea = area(
  'profile',
  { dependencies: ['auth', 'discipline'] },
  async (app, options: Pick<CommonSettings, 'sessionCacheMs'>) => {
    app.repos.people = createPeopleRepository(app.db.kysely);
    app.repos.links = createLinksRepository(app.db.kysely);
    await app.register(profileRoutes, options);
  },
);
