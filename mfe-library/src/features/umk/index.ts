// Teaching materials, UMK (spec §2 "UMK", §4 "Library and UMK").
export { UmkPage } from './components/UmkPage';
