import type { Random } from './random.js';

// Names as met at a Kyrgyz university: mostly Kyrgyz, some Russian. Patronymics are given as
// [male, female] forms of the father's name.

const words = (text: string): string[] => text.trim().split(/\s+/);
const pairs = (text: string): [string, string][] =>
  words(text).map((pair) => {
    const [male = '', female = ''] = pair.split('/');
    return [male, female];
  });

const KYRGYZ_SURNAMES = words(`
  Асанов Жумабаев Токтогулов Садыков Абдыкадыров Осмонов Кадыров Мамытов Байматов
  Токтосунов Исаков Сыдыков Бакиров Турдубаев Эсенов Аманов Касымов Орозбеков Мураталиев
  Шаршеев Алымкулов Бейшеналиев Ибраимов Темиров Урманбетов Табылдиев Дуйшеев Акматов
  Сатыбалдиев Калыков Койчуев Мамбетов Тологонов Жолдошев Эркинбаев Нурматов
`);
const RUSSIAN_SURNAMES = words(`
  Иванов Петров Смирнов Кузнецов Попов Соколов Лебедев Новиков Морозов Волков Федоров
  Павлов Семенов Григорьев
`);
const KYRGYZ_MALE = words(`
  Бакыт Азамат Нурлан Эрлан Улан Тимур Адилет Бекзат Данияр Эмир Айбек Канат Максат Мирлан
  Нурбек Жоомарт Талант Самат Байэл Эльдар Алмаз Чынгыз Бектур Элмурат Мурат Кубанычбек
  Марат Нурсултан Айдар
`);
const KYRGYZ_FEMALE = words(`
  Айгерим Айпери Жылдыз Нургуль Айнура Бермет Асель Гулнара Чолпон Мээрим Айдай Нуриза
  Элнура Алтынай Бегимай Асема Каныкей Сезим Толгонай Динара Айзада Мадина Назгуль Акмарал
  Аделия
`);
const RUSSIAN_MALE = words(`
  Александр Дмитрий Сергей Андрей Никита Иван Михаил Артём Владимир Алексей
`);
const RUSSIAN_FEMALE = words(`
  Анна Елена Ольга Наталья Екатерина Мария Татьяна Ирина Светлана Юлия
`);
const KYRGYZ_PATRONYMICS = pairs(`
  Маратович/Маратовна Талантбекович/Талантбековна Бакытович/Бакытовна Асанович/Асановна
  Нурланович/Нурлановна Эркинович/Эркиновна Кубатович/Кубатовна
  Таалайбекович/Таалайбековна Жолдошевич/Жолдошевна Айбекович/Айбековна
  Алмазбекович/Алмазбековна Болотович/Болотовна Канатович/Канатовна Эрмекович/Эрмековна
  Мелисович/Мелисовна Токтосунович/Токтосуновна Жыргалбекович/Жыргалбековна
  Муратбекович/Муратбековна
`);
const RUSSIAN_PATRONYMICS = pairs(`
  Александрович/Александровна Сергеевич/Сергеевна Николаевич/Николаевна
  Владимирович/Владимировна Иванович/Ивановна Петрович/Петровна Михайлович/Михайловна
  Викторович/Викторовна
`);

export interface GeneratedName {
  fullName: string;
  gender: 'male' | 'female';
  nationality: string;
}

function feminine(surname: string): string {
  return /(ов|ев|ин)$/.test(surname) ? `${surname}а` : surname;
}

export function generateName(random: Random): GeneratedName {
  const kyrgyz = random.chance(0.8);
  const gender = random.chance(0.5) ? 'male' : 'female';
  const surname = random.pick(kyrgyz ? KYRGYZ_SURNAMES : RUSSIAN_SURNAMES);
  const first = random.pick(
    kyrgyz
      ? gender === 'male'
        ? KYRGYZ_MALE
        : KYRGYZ_FEMALE
      : gender === 'male'
        ? RUSSIAN_MALE
        : RUSSIAN_FEMALE,
  );
  const [male, female] = random.pick(kyrgyz ? KYRGYZ_PATRONYMICS : RUSSIAN_PATRONYMICS);
  return {
    fullName: `${gender === 'male' ? surname : feminine(surname)} ${first} ${gender === 'male' ? male : female}`,
    gender,
    nationality: kyrgyz
      ? gender === 'male'
        ? 'кыргыз'
        : 'кыргызка'
      : gender === 'male'
        ? 'русский'
        : 'русская',
  };
}
