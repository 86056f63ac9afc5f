// Library: the e-library and the teaching materials (UMK).
export { default as libraryArea, PREFIXES as LIBRARY_PREFIXES } from './area.js';
export { createLibraryRepository, searchForm, type LibraryRepository } from './repository.js';
export { createUmkRepository, type UmkRepository } from './umk-repository.js';
