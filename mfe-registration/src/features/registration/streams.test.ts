import { i18n, initI18n } from '@lms/shared';
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
  it('shows the seats left', () => {
    expect(streamLabel(i18n.getFixedT('ru', 'registration'), stream)).toBe(
      'Поток 1 · Лекция — свободно мест: 5 из 30',
    );
  });
  it('says a full stream is full', () => {
    expect(
      streamLabel(i18n.getFixedT('ru', 'registration'), { ...stream, taken: 30, free: 0 }),
    ).toBe('Поток 1 · Лекция — поток заполнен');
  });
});
