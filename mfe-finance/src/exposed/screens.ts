import type { ComponentType } from 'react';
import type { Area } from '../areas';
import { OrdersScreen } from '../features/orders';
import { PaymentScreen } from '../features/payment';
import { TranscriptScreen } from '../features/transcript';

/** The areas whose feature has landed; the others show the "section in progress" notice. */
export const SCREENS: Partial<Record<Area, ComponentType>> = {
  paymentcode: PaymentScreen,
  singlewindow: OrdersScreen,
  transcript: TranscriptScreen,
};
