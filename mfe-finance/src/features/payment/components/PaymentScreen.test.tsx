import { act, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import userEvent from '@testing-library/user-event';
import {
  ConfirmHost,
  DISCIPLINE_API,
  http,
  i18n,
  lmsStore,
  MISC_API,
  PAYMENTS_API,
  userAtom,
  type EndpointAddress,
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
import { codeResponse, GROUPS, payment, SERVICES, YEARS } from '../../../testing/fakePayments';
import { leaveFor } from './navigation';
import { PaymentScreen } from './PaymentScreen';

jest.mock('./navigation', () => ({
  ...jest.requireActual<object>('./navigation'),
  leaveFor: jest.fn(),
}));
jest.mock('qrcode', () => ({
  __esModule: true,
  default: { toDataURL: jest.fn(() => Promise.resolve('data:image/png;base64,iVBORw0KGgo=')) },
}));

let api: StubbedApi;

signInForEachTest();

beforeEach(() => {
  jest.mocked(leaveFor).mockClear();
  api = stubApi(http, {
    [DISCIPLINE_API.currentYear.path]: ok({ id_a_year: 26, name: '2026-27' }),
    [DISCIPLINE_API.currentWs.path]: ok({ ws: 1, name: 'Осенний', active: [] }),
    [PAYMENTS_API.services.path]: ok(SERVICES),
    [MISC_API.years.path]: ok(YEARS),
    [PAYMENTS_API.groups.path]: ok(GROUPS),
    [PAYMENTS_API.code.path]: ok(codeResponse()),
    [PAYMENTS_API.payments.path]: ok([]),
    [PAYMENTS_API.payByCard.path]: ok(payment()),
  });
});

afterEach(() => api.restore());

const bodies = (endpoint: EndpointAddress) => api.bodiesOf(endpoint) as Record<string, unknown>[];

/** The address as the browser shows it (path and search). */
function Address() {
  const location = useLocation();
  return <output data-testid="address">{`${location.pathname}${location.search}`}</output>;
}

function renderScreen(path = '/lms/paymentcode') {
  return renderInPortal(
    <>
      <PaymentScreen />
      <ConfirmHost />
      <Address />
    </>,
    path,
  );
}

async function getCode(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByRole('option', { name: /Оплата за обучение/ });
  await screen.findByRole('option', { name: 'ПИ-1-25' });
  await user.click(screen.getByRole('button', { name: 'Получить код оплаты' }));
  return screen.findByTestId('payment-code');
}

describe('payment screen', () => {
  it('gets the code of the chosen service, year and group, with the QR to save', async () => {
    const user = userEvent.setup();
    renderScreen();
    expect(await getCode(user)).toHaveTextContent('11260000124');
    expect(bodies(PAYMENTS_API.code)).toEqual([
      { id_year: 26, id_group: 5, id_student: testStudent.id, id_uslug: 1 },
    ]);
    expect(bodies(PAYMENTS_API.groups)[0]).toEqual({
      id_a_year: 26,
      id_student: testStudent.id,
    });
    expect(screen.getByTestId('payment-due')).toHaveTextContent('98 000,00 сом');
    const save = await screen.findByRole('link', { name: 'Сохранить QR-код (PNG)' });
    expect(save).toHaveAttribute('download', 'payment-11260000124.png');
    expect(save.getAttribute('href')).toMatch(/^data:image\/png/);
    expect(screen.getByAltText('QR-код для оплаты по коду 11260000124')).toBeInTheDocument();
    expect(
      screen.getByText(/оплатить можно из мобильных банковских приложений/),
    ).toBeInTheDocument();
    expect(screen.getByTestId('card-test-mode')).toBeInTheDocument();
  });

  it('asks before paying by card, sends integer tyiyn with one key per attempt, then leaves for the provider', async () => {
    const user = userEvent.setup();
    renderScreen();
    await getCode(user);
    const amount = screen.getByLabelText('Сумма, сом');
    expect(amount).toHaveValue('98000,00');
    await user.clear(amount);
    await user.type(amount, '1500,5');
    await user.click(screen.getByRole('button', { name: 'Оплатить картой' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      'Оплатить 1 500,50 сом банковской картой по коду 11260000124?',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    expect(bodies(PAYMENTS_API.payByCard)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Оплатить картой' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Оплатить картой' }),
    );
    await waitFor(() =>
      expect(leaveFor).toHaveBeenCalledWith('/lms/pay-sandbox/abcdefghijklmnopqrstuvwx'),
    );
    const [sent] = bodies(PAYMENTS_API.payByCard);
    expect(sent).toMatchObject({ PaymentCode: '11260000124', amount: 150_050 });
    expect(sent?.idempotencyKey).toMatch(/^[0-9a-f]{32}$/);
  });

  it('meets a payment already in progress for the code: continue it or cancel it, no second one', async () => {
    api.routes[PAYMENTS_API.payByCard.path] = ok({
      ...payment({ id_payment: 9 }),
      inProgress: true,
    });
    api.routes[PAYMENTS_API.cancel.path] = ok(
      payment({ id_payment: 9, status: 'cancelled', redirectUrl: null }),
    );
    const user = userEvent.setup();
    renderScreen();
    await getCode(user);
    await user.click(screen.getByRole('button', { name: 'Оплатить картой' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Оплатить картой' }),
    );
    const panel = await screen.findByTestId('payment-in-progress');
    expect(panel).toHaveTextContent(
      'По этому коду уже идёт платёж на 1 500,50 сом: продолжите его или отмените.',
    );
    expect(within(panel).getByRole('link', { name: 'Продолжить платёж' })).toHaveAttribute(
      'href',
      '/lms/pay-sandbox/abcdefghijklmnopqrstuvwx',
    );
    expect(leaveFor).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Оплатить картой' })).not.toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Отменить платёж' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Отменить платёж на 1 500,50 сом по коду 11260000124?');
    await user.click(within(dialog).getByRole('button', { name: 'Отменить платёж' }));
    expect(await screen.findByRole('button', { name: 'Оплатить картой' })).toBeInTheDocument();
    expect(bodies(PAYMENTS_API.cancel)).toEqual([{ id_payment: 9 }]);
    expect(screen.queryByTestId('payment-in-progress')).not.toBeInTheDocument();
  });

  it('shows the code’s open payment at once, and a charge to be refunded in the history', async () => {
    api.routes[PAYMENTS_API.code.path] = ok({ ...codeResponse(), pending: payment() });
    api.routes[PAYMENTS_API.payments.path] = ok([
      payment(),
      payment({ id_payment: 5, status: 'refund', redirectUrl: null }),
    ]);
    const user = userEvent.setup();
    renderScreen();
    await getCode(user);
    expect(await screen.findByTestId('payment-in-progress')).toHaveTextContent(
      'Платёж по этому коду уже идёт',
    );
    expect(screen.queryByLabelText('Сумма, сом')).not.toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(within(table).getByText('К возврату')).toBeInTheDocument();
    expect(screen.getByTestId('refund-notice')).toHaveTextContent(/не засчитан и квитанции/);
  });

  it('refuses an amount that is not money or more than is due', async () => {
    const user = userEvent.setup();
    renderScreen();
    await getCode(user);
    const amount = screen.getByLabelText('Сумма, сом');
    await user.clear(amount);
    await user.type(amount, '12,345');
    await user.click(screen.getByRole('button', { name: 'Оплатить картой' }));
    expect(
      await screen.findByText('Введите сумму в сомах, например 1500 или 1500,50'),
    ).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '98000,01');
    await user.click(screen.getByRole('button', { name: 'Оплатить картой' }));
    expect(await screen.findByText(/не может быть больше суммы к оплате/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the server refusal of a card payment', async () => {
    api.routes[PAYMENTS_API.payByCard.path] = refused(409, 'По этому коду всё оплачено');
    const user = userEvent.setup();
    renderScreen();
    await getCode(user);
    await user.click(screen.getByRole('button', { name: 'Оплатить картой' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Оплатить картой' }),
    );
    expect(await screen.findByText('По этому коду всё оплачено')).toBeInTheDocument();
    expect(leaveFor).not.toHaveBeenCalled();
  });

  it('on return shows the payment as the API knows it, and the history with the receipt', async () => {
    const paid = payment({ status: 'paid', redirectUrl: null, receiptNo: '2026-000007' });
    api.routes[PAYMENTS_API.payment.path] = ok(paid);
    api.routes[PAYMENTS_API.payments.path] = ok([
      paid,
      payment({ id_payment: 6, status: 'declined', redirectUrl: null }),
    ]);
    renderScreen('/lms/paymentcode?payment=7');
    const banner = await screen.findByTestId('payment-return');
    expect(banner).toHaveTextContent('Платёж на 1 500,50 сом по коду 11260000124 прошёл.');
    expect(
      within(banner).getByRole('link', { name: 'Квитанция № 2026-000007 (PDF)' }),
    ).toHaveAttribute('href', '/lms/api/misc/payreceipt.file?id_payment=7');
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Отклонён')).toBeInTheDocument();
    expect(within(table).getAllByText('Оплачен')).toHaveLength(1);
    await act(() => i18n.changeLanguage('kg'));
    expect(screen.getByRole('heading', { name: 'Менин төлөмдөрүм' })).toBeInTheDocument();
  });

  it('refused on the provider’s page as already paid: says the card was charged once, with the receipt', async () => {
    api.routes[PAYMENTS_API.payment.path] = ok(
      payment({ status: 'paid', redirectUrl: null, receiptNo: '2026-000007' }),
    );
    renderScreen('/lms/paymentcode?service=1&year=26&group=5&payment=7&refused=paid');
    const banner = await screen.findByTestId('payment-return');
    expect(banner).toHaveTextContent(
      'Этот платёж уже оплачен — в другой вкладке или окне. Деньги списаны один раз: 1 500,50 сом по коду 11260000124. Повторно карта не списана.',
    );
    expect(
      within(banner).getByRole('link', { name: 'Квитанция № 2026-000007 (PDF)' }),
    ).toBeInTheDocument();
    expect(within(banner).queryByRole('button', { name: 'Новый платёж' })).toBeNull();
  });

  it('refused as cancelled: not charged, and a new payment puts the cursor in the card form', async () => {
    api.routes[PAYMENTS_API.payment.path] = ok(payment({ status: 'cancelled', redirectUrl: null }));
    const user = userEvent.setup();
    renderScreen('/lms/paymentcode?service=1&year=26&group=5&payment=7&refused=cancelled');
    const banner = await screen.findByTestId('payment-return');
    expect(banner).toHaveTextContent(
      'Этот платёж на 1 500,50 сом по коду 11260000124 отменён. Деньги не списаны — начните новый платёж.',
    );
    expect(within(banner).queryByRole('link', { name: /Квитанция/ })).toBeNull();
    const amount = await screen.findByLabelText('Сумма, сом');
    await user.click(within(banner).getByRole('button', { name: 'Новый платёж' }));
    expect(amount).toHaveFocus();
  });

  it('keeps the chosen service in the address, so a reload or a return keeps it', async () => {
    const user = userEvent.setup();
    renderScreen();
    await screen.findByRole('option', { name: /Проживание в общежитии/ });
    await user.selectOptions(screen.getByLabelText('Услуга'), '2');
    expect(screen.getByTestId('address')).toHaveTextContent('/lms/paymentcode?service=2');
    await user.selectOptions(screen.getByLabelText('Учебный год'), '25');
    expect(screen.getByTestId('address')).toHaveTextContent('/lms/paymentcode?service=2&year=25');
  });

  it('back from the card payment, the service paid for is still chosen, its code shown', async () => {
    api.routes[PAYMENTS_API.payment.path] = ok(
      payment({ status: 'paid', redirectUrl: null, receiptNo: '2026-000007' }),
    );
    renderScreen('/lms/paymentcode?service=2&year=26&group=5&payment=7');
    expect(await screen.findByTestId('payment-return')).toHaveTextContent('прошёл');
    expect(await screen.findByTestId('payment-code')).toHaveTextContent('11260000124');
    expect(screen.getByLabelText('Услуга')).toHaveValue('2');
    expect(bodies(PAYMENTS_API.code)).toEqual([
      { id_year: 26, id_group: 5, id_student: testStudent.id, id_uslug: 2 },
    ]);
  });

  it('writes money and dates in the portal’s English form', async () => {
    api.routes[PAYMENTS_API.payments.path] = ok([
      payment({
        status: 'paid',
        redirectUrl: null,
        created: Date.parse('2026-11-24T20:46:00+06:00'),
      }),
    ]);
    await act(() => i18n.changeLanguage('en'));
    const user = userEvent.setup();
    renderScreen();
    const table = await screen.findByRole('table');
    expect(within(table).getByText('1,500.50 som')).toBeInTheDocument();
    expect(within(table).getByText('24 Nov 2026, 20:46')).toBeInTheDocument();
    await screen.findByRole('option', { name: /^Tuition fee \(contract\) — 98,000\.00\ssom$/ });
    // A phone's select cuts the chosen entry: its amount is said under it in full.
    expect(screen.getByRole('combobox', { name: 'Service' })).toHaveAccessibleDescription(
      /^Amount: 98,000\.00\ssom$/,
    );
    await screen.findByRole('option', { name: 'ПИ-1-25' });
    await user.click(screen.getByRole('button', { name: 'Get the payment code' }));
    expect(await screen.findByTestId('payment-due')).toHaveTextContent('98,000.00 som');
  });

  it('is refused to a teacher', async () => {
    lmsStore.set(userAtom, testTeacher);
    renderScreen();
    expect(screen.getByText('Оплата доступна только студентам.')).toBeInTheDocument();
    expect(api.requests.filter((r) => r.url?.startsWith('/api/misc/'))).toHaveLength(0);
  });
});
