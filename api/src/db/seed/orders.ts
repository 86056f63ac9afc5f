import { hashPassword, passwordCost } from '../../areas/auth/index.js';
import type { SeedContext } from './context.js';

/** The registrar's office account: sees the single window's queue and moves orders. */
export const REGISTRAR_ACCOUNT = {
  login: 'registrar',
  password: 'Registrar1',
  fullName: 'Исмаилова Жылдыз Кубанычбековна',
} as const;

type Names = [ru: string, kg: string, en: string];

/** What a student may order; the certificate of study the portal issues itself. */
const DOCUMENTS: { code: string; names: Names; instant: boolean }[] = [
  {
    code: 'study',
    names: ['Справка с места учёбы', 'Окуган жеринен маалымкат', 'Certificate of study'],
    instant: true,
  },
  {
    code: 'military',
    names: [
      'Справка для военкомата',
      'Аскер комиссариаты үчүн маалымкат',
      'Certificate for the military registration office',
    ],
    instant: false,
  },
  {
    code: 'social',
    names: [
      'Справка для Социального фонда',
      'Социалдык фонд үчүн маалымкат',
      'Certificate for the Social Fund',
    ],
    instant: false,
  },
  {
    code: 'academic',
    names: ['Академическая справка', 'Академиялык маалымкат', 'Academic certificate'],
    instant: false,
  },
  {
    code: 'transcript',
    names: ['Транскрипт с печатью', 'Мөөр басылган транскрипт', 'Stamped transcript'],
    instant: false,
  },
  {
    code: 'scholarship',
    names: [
      'Справка о получении стипендии',
      'Стипендия алгандыгы тууралуу маалымкат',
      'Certificate of scholarship',
    ],
    instant: false,
  },
];

const PURPOSES: Names[] = [
  ['По месту требования', 'Талап кылынган жерге', 'Wherever required'],
  ['Военкомат', 'Аскер комиссариаты', 'Military registration office'],
  ['Социальный фонд', 'Социалдык фонд', 'Social Fund'],
  ['Посольство (для визы)', 'Элчилик (виза үчүн)', 'Embassy (for a visa)'],
  ['Работодатель', 'Иш берүүчү', 'Employer'],
  ['Банк', 'Банк', 'Bank'],
  ['Налоговая служба', 'Салык кызматы', 'Tax service'],
];

/** Kyrgyzstan's regions and cities of republican significance, with their districts. */
const REGIONS: { names: Names; districts: Names[] }[] = [
  {
    names: ['г. Бишкек', 'Бишкек шаары', 'Bishkek city'],
    districts: [
      ['Ленинский район', 'Ленин району', 'Leninsky District'],
      ['Октябрьский район', 'Октябрь району', 'Oktyabrsky District'],
      ['Первомайский район', 'Биринчи май району', 'Pervomaisky District'],
      ['Свердловский район', 'Свердлов району', 'Sverdlovsky District'],
    ],
  },
  {
    names: ['г. Ош', 'Ош шаары', 'Osh city'],
    districts: [['г. Ош', 'Ош шаары', 'Osh city']],
  },
  {
    names: ['Чуйская область', 'Чүй облусу', 'Chüy Region'],
    districts: [
      ['Аламудунский район', 'Аламүдүн району', 'Alamüdün District'],
      ['Жайылский район', 'Жайыл району', 'Jayyl District'],
      ['Кеминский район', 'Кемин району', 'Kemin District'],
      ['Московский район', 'Москва району', 'Moskva District'],
      ['Панфиловский район', 'Панфилов району', 'Panfilov District'],
      ['Сокулукский район', 'Сокулук району', 'Sokuluk District'],
      ['Чуйский район', 'Чүй району', 'Chüy District'],
      ['Ысык-Атинский район', 'Ысык-Ата району', 'Ysyk-Ata District'],
    ],
  },
  {
    names: ['Иссык-Кульская область', 'Ысык-Көл облусу', 'Issyk-Kul Region'],
    districts: [
      ['Ак-Суйский район', 'Ак-Суу району', 'Ak-Suu District'],
      ['Джети-Огузский район', 'Жети-Өгүз району', 'Jeti-Ögüz District'],
      ['Иссык-Кульский район', 'Ысык-Көл району', 'Issyk-Kul District'],
      ['Тонский район', 'Тоң району', 'Ton District'],
      ['Тюпский район', 'Түп району', 'Tüp District'],
    ],
  },
  {
    names: ['Нарынская область', 'Нарын облусу', 'Naryn Region'],
    districts: [
      ['Ак-Талинский район', 'Ак-Талаа району', 'Ak-Talaa District'],
      ['Ат-Башинский район', 'Ат-Башы району', 'At-Bashy District'],
      ['Жумгальский район', 'Жумгал району', 'Jumgal District'],
      ['Кочкорский район', 'Кочкор району', 'Kochkor District'],
      ['Нарынский район', 'Нарын району', 'Naryn District'],
    ],
  },
  {
    names: ['Таласская область', 'Талас облусу', 'Talas Region'],
    districts: [
      ['Бакай-Атинский район', 'Бакай-Ата району', 'Bakay-Ata District'],
      ['Кара-Бууринский район', 'Кара-Буура району', 'Kara-Buura District'],
      ['Манасский район', 'Манас району', 'Manas District'],
      ['Таласский район', 'Талас району', 'Talas District'],
    ],
  },
  {
    names: ['Джалал-Абадская область', 'Жалал-Абад облусу', 'Jalal-Abad Region'],
    districts: [
      ['Аксыйский район', 'Аксы району', 'Aksy District'],
      ['Ала-Букинский район', 'Ала-Бука району', 'Ala-Buka District'],
      ['Базар-Коргонский район', 'Базар-Коргон району', 'Bazar-Korgon District'],
      ['Ноокенский район', 'Ноокен району', 'Nooken District'],
      ['Сузакский район', 'Сузак району', 'Suzak District'],
      ['Тогуз-Тороуский район', 'Тогуз-Торо району', 'Toguz-Toro District'],
      ['Токтогульский район', 'Токтогул району', 'Toktogul District'],
      ['Чаткальский район', 'Чаткал району', 'Chatkal District'],
    ],
  },
  {
    names: ['Ошская область', 'Ош облусу', 'Osh Region'],
    districts: [
      ['Алайский район', 'Алай району', 'Alay District'],
      ['Араванский район', 'Араван району', 'Aravan District'],
      ['Кара-Кульджинский район', 'Кара-Кулжа району', 'Kara-Kulja District'],
      ['Кара-Суйский район', 'Кара-Суу району', 'Kara-Suu District'],
      ['Ноокатский район', 'Ноокат району', 'Nookat District'],
      ['Узгенский район', 'Өзгөн району', 'Özgön District'],
      ['Чон-Алайский район', 'Чоң-Алай району', 'Chong-Alay District'],
    ],
  },
  {
    names: ['Баткенская область', 'Баткен облусу', 'Batken Region'],
    districts: [
      ['Баткенский район', 'Баткен району', 'Batken District'],
      ['Кадамжайский район', 'Кадамжай району', 'Kadamjay District'],
      ['Лейлекский район', 'Лейлек району', 'Leylek District'],
    ],
  },
];

const named = ([name, name_kg, name_en]: Names, sort_order: number) => ({
  name,
  name_kg,
  name_en,
  sort_order,
});

/**
 * The single window's lists, the registrar's account (a staff member with registrar_perms) and
 * two orders of the demo student: one waiting, one being prepared.
 */
export async function seedOrders(ctx: SeedContext): Promise<void> {
  const { trx, now } = ctx;
  const documentIds: number[] = [];
  for (const [index, document] of DOCUMENTS.entries()) {
    const row = await trx
      .insertInto('order_documents')
      .values({
        ...named(document.names, index + 1),
        code: document.code,
        instant: document.instant ? 1 : 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    documentIds.push(row.id);
  }
  const purposeIds: number[] = [];
  for (const [index, purpose] of PURPOSES.entries()) {
    const row = await trx
      .insertInto('order_purposes')
      .values(named(purpose, index + 1))
      .returning('id')
      .executeTakeFirstOrThrow();
    purposeIds.push(row.id);
  }
  const places: { regionId: number; districtId: number }[] = [];
  for (const [index, region] of REGIONS.entries()) {
    const row = await trx
      .insertInto('order_regions')
      .values(named(region.names, index + 1))
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [position, district] of region.districts.entries()) {
      const districtRow = await trx
        .insertInto('order_districts')
        .values({ ...named(district, position + 1), region_id: row.id })
        .returning('id')
        .executeTakeFirstOrThrow();
      places.push({ regionId: row.id, districtId: districtRow.id });
    }
  }

  // The registrar: a staff member of the first department (role 1 enters the portal).
  const department = await trx
    .selectFrom('departments')
    .select('id')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const person = await trx
    .insertInto('persons')
    .values({
      full_name: REGISTRAR_ACCOUNT.fullName,
      gender: 'female',
      birth_date: '1986-05-21',
      nationality: 'кыргызка',
      citizenship: 'Кыргызская Республика',
      inn: '12105198600311',
      phone: '+996 555 10 51 05',
      education: 'Высшее',
      photo_id: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const teacher = await trx
    .insertInto('teachers')
    .values({
      person_id: person.id,
      department_id: department.id,
      position: 'Специалист офиса регистратора',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('users')
    .values({
      login: REGISTRAR_ACCOUNT.login,
      password_hash: await hashPassword(REGISTRAR_ACCOUNT.password, passwordCost()),
      role: 1,
      must_change_credentials: 0,
      news_perms: 0,
      registrar_perms: 1,
      teacher_id: teacher.id,
      student_id: null,
      created_at: now.getTime(),
      updated_at: now.getTime(),
    })
    .execute();

  // Two earlier orders of the demo student, so both screens open with something in them.
  const day = (offset: number) => {
    const date = new Date(now.getTime() + offset * 86_400_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  };
  const [bishkek] = places;
  const hour = 3_600_000;
  const samples = [
    { document: 1, purpose: 1, status: 'preparing' as const, ago: 26 * hour, neededIn: 5 },
    { document: 2, purpose: 2, status: 'waiting' as const, ago: 3 * hour, neededIn: 10 },
  ];
  for (const sample of samples) {
    const documentId = documentIds[sample.document];
    const purposeId = purposeIds[sample.purpose];
    if (!bishkek || documentId === undefined || purposeId === undefined) continue;
    await trx
      .insertInto('document_orders')
      .values({
        student_id: ctx.core.demoStudent.studentId,
        document_id: documentId,
        region_id: bishkek.regionId,
        district_id: bishkek.districtId,
        purpose_id: purposeId,
        needed_by: day(sample.neededIn),
        status: sample.status,
        comment: null,
        created_at: now.getTime() - sample.ago,
        status_at: now.getTime() - sample.ago / 2,
        handled_by: null,
        issued_document_id: null,
      })
      .execute();
  }
}
