import { formatterFor, i18n, initI18n, type Language } from '@lms/shared';
import '../../i18n';
import { streamLabel, streamSeatsHint } from './streams';

const stream = {
  subgroup: 1,
  name: 'Поток 1',
  id_teacher: 2,
  t_fio: 'Асанов Б. М.',
  id_vid_zaniatiy: 1,
  vid_zaniatiy: 'Лекция',
  capacity: 30,
  taken: 25,
  free: 5,
};

beforeAll(() => initI18n());

describe('streamLabel', () => {
  const ru = () => i18n.getFixedT('ru', 'registration');
  it('shows the seats left', () => {
    expect(streamLabel(ru(), formatterFor('ru'), stream)).toBe(
      'Поток 1 · Лекция — свободно мест: 5 из 30',
    );
  });
  it('says a full stream is full', () => {
    expect(streamLabel(ru(), formatterFor('ru'), { ...stream, taken: 30, free: 0 })).toBe(
      'Поток 1 · Лекция — поток заполнен',
    );
  });
  it('writes the numbers as the language does', () => {
    const big = { ...stream, capacity: 1200, taken: 0, free: 1200 };
    expect(streamLabel(i18n.getFixedT('en', 'registration'), formatterFor('en'), big)).toBe(
      'Поток 1 · Лекция — 1,200 of 1,200 seats left',
    );
  });
});

describe('streamSeatsHint', () => {
  it('says the chosen stream’s free seats in each language, nothing for a full one', () => {
    const big = { ...stream, capacity: 1200, free: 1150 };
    const hint = (lng: Language, s?: typeof stream) =>
      streamSeatsHint(i18n.getFixedT(lng, 'registration'), formatterFor(lng), s);
    expect(hint('ru', stream)).toBe('Свободно мест: 5 из 30');
    expect(hint('en', big)).toBe('Seats left: 1,150 of 1,200');
    expect(hint('kg', stream)).toBe('Бош орун: 30 ичинен 5');
    expect(hint('ru', { ...stream, taken: 30, free: 0 })).toBeUndefined();
    expect(hint('ru')).toBeUndefined();
  });
});
