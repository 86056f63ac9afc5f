import { formatterFor, i18n, initI18n } from '@lms/shared';
import '../../i18n';
import { streamLabel } from './streams';

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
