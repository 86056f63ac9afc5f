import { checkScreensOf } from '../support/a11y';

checkScreensOf('teacher');
