import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ConfirmHost,
  http,
  lmsStore,
  Notifications,
  ORDERS_API,
  pathWithQuery,
  userAtom,
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
import { DISTRICTS, DOCS, order, PURPOSES, queueOrder, REGIONS } from '../../../testing/fakeOrders';
import { OrdersScreen } from './OrdersScreen';

let api: StubbedApi;

signInForEachTest();

beforeEach(() => {
  api = stubApi(http, {
    [ORDERS_API.documents.path]: ok(DOCS),
    [ORDERS_API.regions.path]: ok(REGIONS),
    [ORDERS_API.districts.path]: ok(DISTRICTS),
    [ORDERS_API.purposes.path]: ok(PURPOSES),
    [ORDERS_API.mine.path]: ok([order()]),
    [ORDERS_API.save.path]: ok(order({ id_order: 8 })),
    [ORDERS_API.cancel.path]: ok({ id_order: 7 }),
    [ORDERS_API.queue.path]: ok([queueOrder()]),
    [ORDERS_API.move.path]: ok(queueOrder({ status: 'preparing' })),
    [ORDERS_API.revoke.path]: ok({ id_document: 3, revoked: 1 }),
  });
});

afterEach(() => api.restore());

function renderScreen() {
  return renderInPortal(
    <>
      <OrdersScreen />
      <ConfirmHost />
      <Notifications />
    </>,
    '/lms/singlewindow',
  );
}

describe('OrdersScreen (student)', () => {
  it('lists the orders with their status and refuses an incomplete form', async () => {
    const user = userEvent.setup();
    renderScreen();
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('Справка для военкомата')).toBeInTheDocument();
    expect(within(table).getByText('Ожидает')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Заказать' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Выберите все поля');
    expect(api.bodiesOf(ORDERS_API.save)).toHaveLength(0);
  });

  it('sends every chosen field, districts of the chosen region', async () => {
    const user = userEvent.setup();
    renderScreen();
    await screen.findByRole('option', { name: 'Справка для военкомата' });
    await user.selectOptions(screen.getByLabelText('Документ'), '2');
    await user.selectOptions(screen.getByLabelText('Область'), '1');
    await screen.findByRole('option', { name: 'Ленинский район' });
    await user.selectOptions(screen.getByLabelText('Район'), '3');
    await user.selectOptions(screen.getByLabelText('Назначение'), '1');
    await user.type(screen.getByLabelText('Дата'), '2030-01-15');
    await user.click(screen.getByRole('button', { name: 'Заказать' }));
    await waitFor(() =>
      expect(api.bodiesOf(ORDERS_API.save)).toEqual([
        { id_doc: 2, id_region: 1, id_district: 3, id_naznachenie: 1, date: '2030-01-15' },
      ]),
    );
    expect(api.bodiesOf(ORDERS_API.districts)).toContainEqual({ id_region: 1 });
    expect(await screen.findByText('Заказ принят: статус «Ожидает».')).toBeInTheDocument();
  });

  it('cancels a waiting order only after the confirmation', async () => {
    const user = userEvent.setup();
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Отменить' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Отменить заказ «Справка для военкомата»?');
    await user.click(within(dialog).getByRole('button', { name: 'Не отменять' }));
    expect(api.bodiesOf(ORDERS_API.cancel)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Отменить' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Отменить заказ' }),
    );
    await waitFor(() => expect(api.bodiesOf(ORDERS_API.cancel)).toEqual([{ id_order: 7 }]));
  });

  it('offers the PDF of an issued certificate instead of cancelling', async () => {
    api.routes[ORDERS_API.mine.path] = ok([
      order({ id_doc: 1, status: 'prepared', id_document: 3, comment: 'каб. 105' }),
    ]);
    renderScreen();
    const link = await screen.findByRole('link', { name: 'Скачать PDF' });
    expect(link.getAttribute('href')).toContain(
      pathWithQuery(ORDERS_API.documentFile, { id_order: 7 }),
    );
    expect(screen.getByText('каб. 105')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Отменить' })).not.toBeInTheDocument();
  });

  it('says so instead of offering a revoked document', async () => {
    api.routes[ORDERS_API.mine.path] = ok([
      order({ id_doc: 1, status: 'prepared', id_document: 3, documentRevoked: 1_700_000_000_000 }),
    ]);
    renderScreen();
    expect(await screen.findByText('Документ отозван')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Скачать PDF' })).not.toBeInTheDocument();
  });

  it('names the reason the registrar gave for revoking', async () => {
    api.routes[ORDERS_API.mine.path] = ok([
      order({
        id_doc: 1,
        status: 'prepared',
        id_document: 3,
        documentRevoked: 1_700_000_000_000,
        documentRevokeReason: 'Выдан с ошибкой в дате рождения',
      }),
    ]);
    renderScreen();
    expect(
      await screen.findByText('Документ отозван: Выдан с ошибкой в дате рождения'),
    ).toBeInTheDocument();
  });

  it('shows a load failure with a retry', async () => {
    api.routes[ORDERS_API.mine.path] = refused(500, 'Внутренняя ошибка сервера');
    renderScreen();
    expect(await screen.findByText(/Внутренняя ошибка сервера|ошибка/i)).toBeInTheDocument();
  });
});

describe('OrdersScreen (registrar)', () => {
  it('is refused to a teacher without the permission', () => {
    lmsStore.set(userAtom, testTeacher);
    renderScreen();
    expect(screen.getByText(/очередь заказов — офису регистратора/)).toBeInTheDocument();
  });

  it('shows the queue and moves an order on with a comment', async () => {
    lmsStore.set(userAtom, { ...testTeacher, newsPerms: false, registrarPerms: true });
    const user = userEvent.setup();
    renderScreen();
    expect(await screen.findByText('Жумабаева Айгерим')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Заказать' })).not.toBeInTheDocument();
    await user.type(
      screen.getByLabelText('Комментарий к заказу студента Жумабаева Айгерим'),
      'каб. 105',
    );
    await user.click(screen.getByRole('button', { name: /В работу/ }));
    await waitFor(() =>
      expect(api.bodiesOf(ORDERS_API.move)).toEqual([
        { id_order: 7, from: 'waiting', to: 'preparing', comment: 'каб. 105' },
      ]),
    );
    await user.selectOptions(screen.getByLabelText('Статус'), 'prepared');
    await waitFor(() =>
      expect(api.bodiesOf(ORDERS_API.queue)).toContainEqual({
        status: 'prepared',
        id_doc: null,
      }),
    );
  });

  it('revokes an issued document with a reason, only after the confirmation', async () => {
    lmsStore.set(userAtom, { ...testTeacher, newsPerms: false, registrarPerms: true });
    api.routes[ORDERS_API.queue.path] = ok([
      queueOrder({ status: 'prepared', id_document: 3 }),
      queueOrder({
        id_order: 9,
        status: 'prepared',
        id_document: 4,
        documentRevoked: 1,
        documentRevokeReason: 'Неверная дата рождения',
      }),
    ]);
    const user = userEvent.setup();
    renderScreen();
    const revoke = await screen.findByRole('button', {
      name: 'Отозвать документ — Жумабаева Айгерим',
    });
    expect(screen.getAllByRole('button', { name: /Отозвать документ/ })).toHaveLength(1);
    expect(screen.getByText('Документ отозван: Неверная дата рождения')).toBeInTheDocument();
    await user.click(revoke);
    // No reason, no question: the field says what is missing.
    const reason = screen.getByRole('textbox', { name: /Причина отзыва/ });
    await user.type(reason, ' a ');
    await user.click(screen.getByRole('button', { name: 'Отозвать' }));
    expect(screen.getByText(/не менее 3 символов/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.clear(reason);
    await user.type(reason, '  Выдан   с ошибкой ');
    await user.click(screen.getByRole('button', { name: 'Отозвать' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Это нельзя отменить');
    await user.click(within(dialog).getByRole('button', { name: 'Не отзывать' }));
    expect(api.bodiesOf(ORDERS_API.revoke)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Отозвать' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Отозвать' }),
    );
    await waitFor(() =>
      expect(api.bodiesOf(ORDERS_API.revoke)).toEqual([
        { id_document: 3, reason: 'Выдан с ошибкой' },
      ]),
    );
    expect(
      await screen.findByText(/^Документ «.+» студента Жумабаева Айгерим.* отозван\.$/),
    ).toBeInTheDocument();
  });

  it('a student never asks for the queue', async () => {
    lmsStore.set(userAtom, testStudent);
    renderScreen();
    await screen.findByRole('table');
    expect(api.bodiesOf(ORDERS_API.queue)).toHaveLength(0);
  });
});
