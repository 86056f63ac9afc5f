import type { Manual } from '../types';
import { office } from './office';
import { records } from './records';
import { services } from './services';
import { study } from './study';

/** The manual in English. */
export const manual: Manual = { ...study, ...office, ...records, ...services };
