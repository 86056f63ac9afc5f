import type { Payment, PaymentCodeResponse, UslugiResponse } from '@lms/shared';

/** Answers of the payments API as the server gives them (amounts in tyiyn). */
export const SERVICES: UslugiResponse = [
  {
    id_uslug: 1,
    name: 'Оплата за обучение (контракт)',
    name_kg: 'Окуу акысы (келишим)',
    name_en: 'Tuition fee (contract)',
    amount: 9_800_000,
  },
  {
    id_uslug: 2,
    name: 'Проживание в общежитии',
    name_kg: 'Жатаканада жашоо',
    name_en: 'Dormitory accommodation',
    amount: 1_200_000,
  },
];

export const YEARS = [
  { id_a_year: 26, name: '2026-27' },
  { id_a_year: 25, name: '2025-26' },
];

export const GROUPS = [{ id_group: 5, name: 'ПИ-1-25' }];

export function codeResponse(due = 9_800_000): PaymentCodeResponse {
  return {
    PaymentCode: '11260000124',
    PaymentInfo: {
      service: SERVICES[0]!.name,
      service_kg: SERVICES[0]!.name_kg,
      service_en: SERVICES[0]!.name_en,
      year: '2026-27',
      group: 'ПИ-1-25',
      student: 'Асанова Айгерим Бакытовна',
      receiver: 'Тянь-Шаньский университет',
      currency: 'KGS',
      amount: 9_800_000,
      paid: 9_800_000 - due,
      due,
    },
    qr: '00020101021232390015kg.bank.demo.qr01161280016030000001520482205303417540898000.005802KG5910UNIVERSITY6007BISHKEK62300111112600001240511112600001246304ABCD',
    cardTestMode: true,
    pending: null,
  };
}

export function payment(overrides: Partial<Payment> = {}): Payment {
  return {
    id_payment: 7,
    PaymentCode: '11260000124',
    service: SERVICES[0]!.name,
    service_kg: SERVICES[0]!.name_kg,
    service_en: SERVICES[0]!.name_en,
    year: '2026-27',
    amount: 150_050,
    status: 'pending',
    redirectUrl: '/lms/pay-sandbox/abcdefghijklmnopqrstuvwx',
    receiptNo: null,
    testMode: true,
    created: Date.UTC(2026, 10, 20, 9, 30),
    updated: Date.UTC(2026, 10, 20, 9, 30),
    expires: Date.UTC(2026, 10, 20, 10, 0),
    ...overrides,
  };
}
