// Profile: the person's card, photo, settings, useful links and the `misc` lookups.
export { default as profileArea } from './area.js';
export { createPeopleRepository, type PeopleRepository } from './repository.js';
export { createLinksRepository, type LinksRepository } from './links-repository.js';
