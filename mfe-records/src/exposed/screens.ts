import type { ComponentType } from 'react';
import type { Area } from '../areas';
import { DocumentsScreen } from '../features/documents';
import { RatingScreen } from '../features/rating';
import { StatementScreen } from '../features/statement';

/** Each area's screen. */
export const SCREENS: Record<Area, ComponentType> = {
  statement: StatementScreen,
  rating: RatingScreen,
  documents: DocumentsScreen,
};
