import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  AUDIT_API,
  DISCIPLINE_API,
  http,
  i18n,
  lmsStore,
  userAtom,
  VISITLOG_API,
  type AuditEntry,
} from '@lms/shared';
import {
  ok,
  refused,
  renderInPortal,
  signInForEachTest,
  stubApi,
  testStudent,
  testTeacher,
  type StubbedApi,
} from '@lms/shared/testing';
import App from '../../../exposed/App';

signInForEachTest(testStudent);

const LESSON = {
  id_lesson: 31,
  date: '2026-11-09',
  id_time: 2,
  discipline: 'Базы данных',
  lessonType: 'Лекция',
};
const cell = (id: number, before: string, after: string, extra: Partial<AuditEntry> = {}) =>
  ({
    id,
    at: 1_790_000_000_000 + id,
    date: '2026-11-16',
    time: '10:02',
    kind: 'journal.cell',
    key: 'lesson:31/student:12',
    by: 'Асанов Бакыт Маратович',
    role: 1,
    before,
    after,
    lesson: LESSON,
    ...extra,
  }) satisfies AuditEntry;
const FOUR = '{"otsenka":"4","source":"manual"}';
const THREE = '{"otsenka":"3","source":"manual"}';
/** Newest first, as the server answers. */
const HISTORY: AuditEntry[] = [cell(2, THREE, FOUR), cell(1, 'null', THREE)];

let api: StubbedApi;
afterEach(() => api.restore());

function stub(reply = ok(HISTORY)) {
  api = stubApi(http, {
    [AUDIT_API.student.path]: reply,
    [DISCIPLINE_API.currentWs.path]: ok({ ws: 1, name: 'Осенний', active: [] }),
    [DISCIPLINE_API.currentYear.path]: ok({ id_a_year: 26, name: '2026-27' }),
    [DISCIPLINE_API.studentDisciplines.path]: ok([]),
    [VISITLOG_API.disciplines.path]: ok([]),
  });
}

const texts = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((item) =>
      Array.from(item.querySelectorAll('p'))
        .map((p) => p.textContent)
        .join(' | '),
    );

describe("a student's mark history", () => {
  it('shows the student their own changes (never the id in the address), in their language', async () => {
    stub();
    renderInPortal(<App />, '/lms/journal/history/99');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'История моих отметок' }),
    ).toBeVisible();
    const list = await screen.findByRole('list', { name: 'Изменения отметок, сначала новые: 2' });
    expect(texts(list)).toEqual([
      'Базы данных | Лекция, 09.11.2026, 2-я пара | было 3, стало 4 | изменил(а) Асанов Бакыт Маратович 16.11.2026 в 10:02',
      'Базы данных | Лекция, 09.11.2026, 2-я пара | поставлено: 3 | изменил(а) Асанов Бакыт Маратович 16.11.2026 в 10:02',
    ]);
    // The session's student, not the address's id, is asked for.
    expect(api.bodiesOf(AUDIT_API.student)).toEqual([{ id_student: testStudent.id }]);
    expect(screen.getByRole('link', { name: 'К журналу' })).toHaveAttribute('href', '/lms/journal');

    await act(() => i18n.changeLanguage('kg'));
    expect(
      screen.getByRole('heading', { level: 1, name: 'Менин белгилеримдин тарыхы' }),
    ).toBeVisible();
    expect(await screen.findByText('мурда 3, эми 4')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('en'));
    expect(await screen.findByText('was 3, now 4')).toBeInTheDocument();
    expect(
      screen.getAllByText('by Асанов Бакыт Маратович on 16 Nov 2026 at 10:02').length,
    ).toBeGreaterThan(0);
    await act(() => i18n.changeLanguage('ru'));
  });

  it('says when no mark has changed yet', async () => {
    stub(ok([]));
    renderInPortal(<App />, '/lms/journal/history');
    expect(await screen.findByText('Изменений отметок пока нет.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('shows a failure with a retry that loads the list', async () => {
    stub(refused(500, 'Сервер недоступен'));
    const user = userEvent.setup();
    renderInPortal(<App />, '/lms/journal/history');
    expect(await screen.findByRole('alert')).toHaveTextContent('Сервер недоступен');
    api.routes[AUDIT_API.student.path] = ok(HISTORY);
    await user.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText('было 3, стало 4')).toBeInTheDocument();
  });

  it("shows the registrar a student's mark changes only, a deleted lesson's too", async () => {
    lmsStore.set(userAtom, { ...testTeacher, registrarPerms: true });
    stub(
      ok([
        cell(9, 'null', '{"note":"Долг"}', { kind: 'hold', key: 'registration_holds:4' }),
        cell(8, FOUR, 'null', { lesson: undefined, key: 'lesson:40/student:77' }),
        cell(7, 'null', '{"otsenka":"н/б","source":"manual"}', { by: null }),
      ]),
    );
    renderInPortal(<App />, '/lms/markhistory/77');
    expect(await screen.findByRole('heading', { level: 1, name: 'История отметок' })).toBeVisible();
    const list = await screen.findByRole('list', { name: 'Изменения отметок, сначала новые: 2' });
    expect(texts(list)).toEqual([
      'Занятие удалено | удалено (было 4) | изменил(а) Асанов Бакыт Маратович 16.11.2026 в 10:02',
      'Базы данных | Лекция, 09.11.2026, 2-я пара | поставлено: н/б | изменил(а) портал 16.11.2026 в 10:02',
    ]);
    expect(api.bodiesOf(AUDIT_API.student)).toEqual([{ id_student: 77 }]);
    expect(screen.getByRole('link', { name: 'К регистрации' })).toHaveAttribute(
      'href',
      '/lms/registration',
    );
  });

  it('tells the registrar without a student chosen where one is found, and asks nothing', async () => {
    lmsStore.set(userAtom, { ...testTeacher, registrarPerms: true });
    stub();
    renderInPortal(<App />, '/lms/markhistory');
    expect(await screen.findByRole('heading', { level: 1, name: 'История отметок' })).toBeVisible();
    expect(await screen.findByRole('link', { name: 'К поиску студента' })).toHaveAttribute(
      'href',
      '/lms/registration',
    );
    expect(api.bodiesOf(AUDIT_API.student)).toEqual([]);
  });

  it('shows a teacher without the registrar’s right the journal, and asks no history', async () => {
    lmsStore.set(userAtom, testTeacher);
    stub();
    renderInPortal(<App />, '/lms/markhistory/77');
    expect(screen.getByRole('heading', { level: 1, name: 'Журнал занятий' })).toBeVisible();
    await waitFor(() => expect(api.bodiesOf(VISITLOG_API.disciplines)).not.toEqual([]));
    expect(api.bodiesOf(AUDIT_API.student)).toEqual([]);
  });
});
