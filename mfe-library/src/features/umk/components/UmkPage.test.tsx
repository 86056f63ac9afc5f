import { fireEvent, screen, within } from '@testing-library/react';
import { ConfirmHost, lmsStore, UMK_API, userAtom } from '@lms/shared';
import {
  renderInPortal,
  signInForEachTest,
  testTeacher,
  type StubbedApi,
} from '@lms/shared/testing';
import '../../../i18n';
import { bodyOf, stubLibrary } from '../../../testing/fakeLibrary';
import { UmkPage } from './UmkPage';

let api: StubbedApi;

signInForEachTest();
afterEach(() => api.restore());

describe('UmkPage', () => {
  it("shows a student their discipline's materials with the new mark, read-only", async () => {
    api = stubLibrary();
    renderInPortal(<UmkPage />, '/lms/umk');
    const table = await screen.findByRole('table', { name: 'Материалы' });
    const title = within(table).getByRole('rowheader', { name: /Базы данных: лекции/ });
    expect(within(title).getByText('новое')).toBeInTheDocument();
    expect(
      within(table).getByRole('link', {
        name: 'Лекции по базам данных.pdf 4 КБ (откроется в новой вкладке)',
      }),
    ).toBeVisible();
    // A student has no row actions, so no column for them.
    expect(within(table).queryByRole('columnheader', { name: 'Действия' })).not.toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Тип' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Удалить/ })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Семестр')).toHaveDisplayValue('3 семестр');
    expect(screen.getByLabelText('Тип материала')).toHaveDisplayValue(' --- ');
    // The first screen came in one request.
    expect(api.requests.map((r) => r.url).filter((url) => url?.startsWith('/api/umk/'))).toEqual([
      UMK_API.start.path,
    ]);
  });

  it('without start.json (an older API) asks for each choice in turn', async () => {
    api = stubLibrary({ [UMK_API.start.path]: { status: 404, data: '' } });
    renderInPortal(<UmkPage />, '/lms/umk');
    const table = await screen.findByRole('table', { name: 'Материалы' });
    expect(within(table).getByRole('rowheader', { name: /Базы данных: лекции/ })).toBeVisible();
    const list = api.requests.find((r) => r.url?.endsWith('getumklistforstud.json'));
    expect(bodyOf(list!)).toEqual({
      id_semester: 3,
      id_discipline: 5,
      id_typeUmk: -1,
      id_teacher: -1,
    });
  });

  it('lets a teacher delete after a confirmation', async () => {
    lmsStore.set(userAtom, testTeacher);
    api = stubLibrary({
      [UMK_API.remove.path]: {
        status: 200,
        data: { result: false, error: null, data: { id_books: 7 } },
      },
    });
    renderInPortal(
      <>
        <UmkPage />
        <ConfirmHost />
      </>,
      '/lms/umk',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Удалить «Базы данных: лекции»' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Удалить' }));
    await screen.findByRole('rowheader', { name: /Базы данных: лекции/ });
    const sent = api.requests.find((r) => r.url?.endsWith('deletebook.json'));
    expect(bodyOf(sent!)).toEqual({ id_human: testTeacher.id, id_humanType: 1, id_books: 7 });
  });

  it('opens the form for a new material in the chosen discipline', async () => {
    lmsStore.set(userAtom, testTeacher);
    api = stubLibrary();
    renderInPortal(<UmkPage />, '/lms/umk');
    fireEvent.click(await screen.findByRole('button', { name: 'Добавить материал' }));
    const form = screen.getByRole('form', { name: 'Добавить материал' });
    // The form says where the material goes, and that stays put while it is open.
    expect(form).toHaveAccessibleDescription('Дисциплина: Базы данных, 3 семестр');
    expect(screen.getByLabelText('Дисциплина')).toBeDisabled();
    expect(screen.getByLabelText('Семестр')).toBeDisabled();
    fireEvent.click(within(form).getByRole('button', { name: 'Сохранить' }));
    expect(await within(form).findByText('Введите название')).toBeInTheDocument();
    fireEvent.click(within(form).getByLabelText('Также в электронной библиотеке'));
    expect(within(form).getByLabelText('Подкатегория')).toBeInTheDocument();
  });
});
