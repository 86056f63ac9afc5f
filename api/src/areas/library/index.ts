// Library: the e-library and the teaching materials (UMK).
export { default as libraryRoutes } from './routes.js';
export { default as umkRoutes } from './umk-routes.js';
export { createLibraryRepository, searchForm, type LibraryRepository } from './repository.js';
export { createUmkRepository, type UmkRepository } from './umk-repository.js';
