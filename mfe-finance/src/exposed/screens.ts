import type { ComponentType } from 'react';
import type { Area } from '../areas';
import { OrdersScreen } from '../features/orders';
import { PaymentScreen } from '../features/payment';
import { TranscriptScreen } from '../features/transcript';

/** Each area's screen. */
export const SCREENS: Record<Area, ComponentType> = {
  paymentcode: PaymentScreen,
  singlewindow: OrdersScreen,
  transcript: TranscriptScreen,
};
