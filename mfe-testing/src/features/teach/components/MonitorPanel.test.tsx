import { act, screen, within } from '@testing-library/react';
import {
  http,
  i18n,
  TESTING_API,
  type TestingMonitorResponse,
  type TestingMonitorRow,
} from '@lms/shared';
import {
  ok,
  renderInPortal,
  signInForEachTest,
  stubApi,
  testTeacher,
  type StubbedApi,
} from '@lms/shared/testing';
import { MonitorPanel } from './MonitorPanel';

let api: StubbedApi;

signInForEachTest(testTeacher);

const row = (over: Partial<TestingMonitorRow>): TestingMonitorRow => ({
  studentId: 1,
  student: 'Асанов Бакыт',
  group: 'ПИ-1-25',
  state: 'absent',
  place: null,
  attempt: null,
  startedAt: null,
  deadline: null,
  answered: 0,
  total: 0,
  lastContactAt: null,
  online: false,
  ...over,
});

const monitor = (rows: TestingMonitorRow[]): TestingMonitorResponse => {
  const serverNow = Date.now();
  return {
    testId: 7,
    title: 'Демо-тест',
    serverNow,
    offlineAfterMs: 90_000,
    startsPerSecond: 50,
    rows: rows.map((r) =>
      r.state === 'taking'
        ? { ...r, startedAt: serverNow - 60_000, deadline: serverNow + 10 * 60_000 }
        : r,
    ),
  };
};

afterEach(async () => {
  api.restore();
  await act(() => i18n.changeLanguage('ru'));
});

describe('MonitorPanel', () => {
  it('shows who takes the test, who waits and where, progress, time left and connection', async () => {
    const now = Date.now();
    api = stubApi(http, {
      [TESTING_API.monitor.path]: ok(
        monitor([
          row({
            studentId: 1,
            state: 'taking',
            attempt: 1,
            answered: 4,
            total: 20,
            lastContactAt: now - 5000,
            online: true,
          }),
          row({
            studentId: 2,
            student: 'Бекова Айгерим',
            state: 'waiting',
            place: 3,
            online: true,
          }),
          row({
            studentId: 3,
            student: 'Доолотов Эмил',
            state: 'taking',
            attempt: 1,
            answered: 1,
            total: 20,
            lastContactAt: now - 200_000,
          }),
          row({ studentId: 4, student: 'Жумабаева Нурай' }),
        ]),
      ),
    });
    renderInPortal(<MonitorPanel testId={7} />, '/lms/testing');
    expect(await screen.findByTestId('monitor-summary')).toHaveTextContent(
      'Проходят: 2 · В очереди: 1 · Завершили: 0 · Не начинали: 1',
    );
    const taking = screen.getByRole('row', { name: /Асанов Бакыт/ });
    expect(within(taking).getByText('4 из 20')).toBeInTheDocument();
    expect(within(taking).getByText(/^(10:00|09:5\d)$/)).toBeInTheDocument();
    expect(
      within(taking).getByText(/^На связи · последний контакт в \d\d:\d\d$/),
    ).toBeInTheDocument();
    const waiting = screen.getByRole('row', { name: /Бекова Айгерим/ });
    expect(within(waiting).getByText('В очереди, место 3')).toBeInTheDocument();
    const silent = screen.getByRole('row', { name: /Доолотов Эмил/ });
    expect(within(silent).getByText(/^Нет связи/)).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Жумабаева Нурай/ })).toHaveTextContent('Не начинал');
    expect(api.bodiesOf(TESTING_API.monitor)[0]).toEqual({ testId: 7 });
  });

  it('updates by itself', async () => {
    const answers = [
      ok(monitor([row({ state: 'waiting', place: 1, online: true })])),
      ok(monitor([row({ state: 'taking', attempt: 1, answered: 2, total: 5, online: true })])),
    ];
    api = stubApi(http, {
      [TESTING_API.monitor.path]: () => (answers.length > 1 ? answers.shift()! : answers[0]!),
    });
    renderInPortal(<MonitorPanel testId={7} />, '/lms/testing');
    expect(await screen.findByText('В очереди, место 1')).toBeInTheDocument();
    // The next ask (every 5 s) brings the student in.
    expect(await screen.findByText('2 из 5', {}, { timeout: 8000 })).toBeInTheDocument();
  }, 12_000);

  it('says so when no student can take it, in English and Kyrgyz', async () => {
    api = stubApi(http, { [TESTING_API.monitor.path]: ok(monitor([])) });
    await act(() => i18n.changeLanguage('en'));
    renderInPortal(<MonitorPanel testId={7} />, '/lms/testing');
    expect(
      await screen.findByText('No students in the groups this test is open to.'),
    ).toBeInTheDocument();
    await act(() => i18n.changeLanguage('kg'));
    expect(await screen.findByText('Тест ачылган топтордо студенттер жок.')).toBeInTheDocument();
  });
});
