import type { ComponentType } from 'react';
import type { Area } from '../areas';
import { QuestionnaireScreen } from '../features/questionnaire';
import { StaffAccessScreen } from '../features/staff';
import { WorkloadScreen } from '../features/workload';

/** Each area's screen. */
export const SCREENS: Record<Area, ComponentType> = {
  questionnaire: QuestionnaireScreen,
  workload: WorkloadScreen,
  staffaccess: StaffAccessScreen,
};
