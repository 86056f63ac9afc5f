import type { Manual } from '../types';
import { office } from './office';
import { records } from './records';
import { services } from './services';
import { study } from './study';

/** Руководство по-русски. */
export const manual: Manual = { ...study, ...office, ...records, ...services };
