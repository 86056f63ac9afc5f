import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, TESTING_API } from '@lms/shared';
import {
  ok,
  refused,
  renderInPortal,
  signInForEachTest,
  stubApi,
  testTeacher,
  type StubbedApi,
} from '@lms/shared/testing';
import { BANK, TEACHING } from '../../../testing/fakeTesting';
import { TeacherTesting } from './TeacherTesting';

let api: StubbedApi;

signInForEachTest(testTeacher);

beforeEach(() => {
  api = stubApi(http, {
    [TESTING_API.teaching.path]: ok(TEACHING),
    [TESTING_API.bank.path]: ok(BANK),
    [TESTING_API.tests.path]: ok([]),
    [TESTING_API.saveQuestion.path]: ok({ id: 10, kind: 'single', text: 'Q', points: 1 }),
    [TESTING_API.saveTest.path]: ok({}),
  });
});

afterEach(() => api.restore());

describe('TeacherTesting', () => {
  it('shows the bank of the first discipline and adds a choice question with its key', async () => {
    const user = userEvent.setup();
    renderInPortal(<TeacherTesting />, '/lms/testing');
    expect(await screen.findByText('Основы (1)')).toBeInTheDocument();
    expect(screen.getByText('Тестов пока нет.')).toBeInTheDocument();
    const form = screen.getByRole('heading', { name: 'Новый вопрос' }).closest('form');
    if (!form) throw new Error('no question form');
    await user.type(within(form).getByLabelText('Текст вопроса'), '2 + 2?');
    await user.type(within(form).getByLabelText(/Варианты/), '*4\n5');
    await user.click(within(form).getByRole('button', { name: 'Добавить вопрос' }));
    expect(api.bodiesOf(TESTING_API.saveQuestion)).toEqual([
      {
        topicId: 4,
        kind: 'single',
        text: '2 + 2?',
        points: 1,
        options: [
          { text: '4', correct: true },
          { text: '5', correct: false },
        ],
      },
    ]);
  });

  it('creates a test drawing from a topic, and shows the server’s refusal in its words', async () => {
    const user = userEvent.setup();
    api.routes[TESTING_API.saveTest.path] = refused(400, 'В теме недостаточно вопросов');
    renderInPortal(<TeacherTesting />, '/lms/testing');
    const form = (await screen.findByRole('heading', { name: 'Новый тест' })).closest('form');
    if (!form) throw new Error('no test form');
    await user.type(within(form).getByLabelText('Название теста'), 'Контрольная');
    const draw = within(form).getByLabelText(/Вопросов из темы «Основы»/);
    await user.clear(draw);
    await user.type(draw, '1');
    // What the student sees after the attempt: here the points and the teacher's feedback.
    await user.selectOptions(
      within(form).getByLabelText('После попытки студент видит'),
      'Баллы и комментарии преподавателя',
    );
    await user.click(within(form).getByRole('button', { name: 'Создать тест' }));
    expect(await within(form).findByText('В теме недостаточно вопросов')).toBeInTheDocument();
    expect(api.bodiesOf(TESTING_API.saveTest)[0]).toMatchObject({
      disciplineId: 3,
      title: 'Контрольная',
      draws: [{ topicId: 4, count: 1 }],
      offlineGraceMinutes: 10,
      reviewAfterAttempt: 'feedback',
      reviewAfterClose: 'score',
    });
  });

  it('imports a GIFT file and names the questions it could not take', async () => {
    const user = userEvent.setup();
    api.routes[TESTING_API.importGift.path] = ok({
      imported: 2,
      skipped: [{ name: 'Сломанный', reason: 'Блок ответов не закрыт (нет })' }],
    });
    renderInPortal(<TeacherTesting />, '/lms/testing');
    const form = (await screen.findByRole('heading', { name: 'Импорт из файла GIFT' })).closest(
      'form',
    );
    if (!form) throw new Error('no import form');
    const gift = '::Q:: Столица? {=Бишкек ~Ош}';
    await user.upload(
      within(form).getByLabelText('Файл GIFT (Moodle)'),
      new File([gift], 'bank.gift', { type: 'text/plain' }),
    );
    await user.click(within(form).getByRole('button', { name: 'Импортировать' }));
    await waitFor(() => expect(api.bodiesOf(TESTING_API.importGift)).toHaveLength(1));
    expect(await within(form).findByText('Импортировано вопросов: 2')).toBeInTheDocument();
    expect(within(form).getByText('Сломанный: Блок ответов не закрыт (нет })')).toBeInTheDocument();
    expect(api.bodiesOf(TESTING_API.importGift)).toEqual([
      { disciplineId: 3, topic: 'Импорт из файла GIFT', text: gift },
    ]);
  });

  it('imports a Moodle XML file, names what it skipped, and offers the bank as GIFT and XML', async () => {
    const user = userEvent.setup();
    api.routes[TESTING_API.importMoodle.path] = ok({
      imported: 8,
      skipped: [{ name: 'Формула (calculated)', reason: 'Вопросы этого типа не импортируются' }],
    });
    renderInPortal(<TeacherTesting />, '/lms/testing');
    const form = (
      await screen.findByRole('heading', { name: 'Импорт из файла Moodle XML' })
    ).closest('form');
    if (!form) throw new Error('no XML import form');
    const xml =
      '<quiz><question type="essay"><questiontext><text>Эссе</text></questiontext></question></quiz>';
    const input = within(form).getByLabelText('Файл Moodle XML');
    expect(input).toHaveAttribute('accept', '.xml,text/xml,application/xml');
    await user.upload(input, new File([xml], 'bank.xml', { type: 'text/xml' }));
    await user.click(within(form).getByRole('button', { name: 'Импортировать' }));
    expect(await within(form).findByText('Импортировано вопросов: 8')).toBeInTheDocument();
    expect(
      within(form).getByText('Формула (calculated): Вопросы этого типа не импортируются'),
    ).toBeInTheDocument();
    expect(api.bodiesOf(TESTING_API.importMoodle)).toEqual([
      { disciplineId: 3, topic: 'Импорт из файла Moodle XML', text: xml },
    ]);
    expect(api.bodiesOf(TESTING_API.importGift)).toEqual([]);

    const exports = screen.getByRole('region', { name: 'Экспорт банка' });
    const gift = within(exports).getByRole('link', { name: 'Скачать в GIFT' });
    expect(gift.getAttribute('href')).toMatch(
      /\/api\/testing\/teacher\/bank-export\.file\?disciplineId=3&format=gift$/,
    );
    await user.selectOptions(within(exports).getByLabelText('Что выгрузить'), '4');
    expect(
      within(exports).getByRole('link', { name: 'Скачать в Moodle XML' }).getAttribute('href'),
    ).toMatch(/bank-export\.file\?disciplineId=3&format=xml&topicId=4$/);
  });

  it('says so when the teacher teaches nothing', async () => {
    api.routes[TESTING_API.teaching.path] = ok([]);
    renderInPortal(<TeacherTesting />, '/lms/testing');
    expect(await screen.findByText('Нет дисциплин, которые вы ведёте.')).toBeInTheDocument();
  });
});
