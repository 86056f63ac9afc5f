// Profile: the person's card, photo, settings, useful links and the `misc` lookups.
export { default as profileRoutes } from './routes.js';
export { default as miscRoutes } from './misc-routes.js';
export { createPeopleRepository, type PeopleRepository } from './repository.js';
export { createLinksRepository, type LinksRepository } from './links-repository.js';
