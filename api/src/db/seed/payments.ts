import type { SeedContext } from './context.js';

/**
 * The services students pay for, with their yearly amounts in tyiyn. `code` is the service's
 * two digits inside every payment code: it never changes once codes have been issued.
 */
export const PAYMENT_SERVICES = [
  {
    code: 11,
    name: 'Оплата за обучение (контракт)',
    name_kg: 'Окуу акысы (келишим)',
    name_en: 'Tuition fee (contract)',
    amount: 9_800_000,
  },
  {
    code: 12,
    name: 'Проживание в общежитии',
    name_kg: 'Жатаканада жашоо',
    name_en: 'Dormitory accommodation',
    amount: 1_200_000,
  },
  {
    code: 13,
    name: 'Пересдача экзамена',
    name_kg: 'Экзаменди кайра тапшыруу',
    name_en: 'Exam re-sit',
    amount: 50_000,
  },
  {
    code: 14,
    name: 'Дубликат справки',
    name_kg: 'Маалымкатын дубликаты',
    name_en: 'Duplicate certificate',
    amount: 20_000,
  },
  {
    code: 15,
    name: 'Дубликат студенческого билета',
    name_kg: 'Студенттик билеттин дубликаты',
    name_en: 'Duplicate student ID card',
    amount: 30_000,
  },
  {
    code: 16,
    name: 'Летний семестр (за кредит)',
    name_kg: 'Жайкы семестр (кредит үчүн)',
    name_en: 'Summer semester (per credit)',
    amount: 150_000,
  },
] as const;

export async function seedPayments(ctx: SeedContext): Promise<void> {
  await ctx.trx
    .insertInto('payment_services')
    .values(PAYMENT_SERVICES.map((service, index) => ({ ...service, sort_order: index + 1 })))
    .execute();
}
