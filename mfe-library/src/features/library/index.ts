// The e-library (spec §2 "library", §4 "Library and UMK").
export { LibraryPage } from './components/LibraryPage';
