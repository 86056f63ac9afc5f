import type { ComponentType } from 'react';
import type { Area } from '../areas';
import { PaymentScreen } from '../features/payment';

/** The areas whose feature has landed; the others show the "section in progress" notice. */
export const SCREENS: Partial<Record<Area, ComponentType>> = {
  paymentcode: PaymentScreen,
};
