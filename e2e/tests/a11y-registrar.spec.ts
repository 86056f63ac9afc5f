import { checkScreensOf } from '../support/a11y';

checkScreensOf('registrar');
