import { act, screen } from '@testing-library/react';
import {
  DISCIPLINE_API,
  http,
  i18n,
  lmsStore,
  MISC_API,
  ORDERS_API,
  pageWidthAtom,
  PAYMENTS_API,
  TRANSCRIPT_API,
  userAtom,
} from '@lms/shared';
import {
  ok,
  renderInPortal,
  signInForEachTest,
  stubApi,
  testTeacher,
  type StubbedApi,
} from '@lms/shared/testing';
import { TRANSCRIPT } from '../testing/fakeOrders';
import { GROUPS, SERVICES, YEARS } from '../testing/fakePayments';
import App from './App';

let api: StubbedApi;

signInForEachTest();

beforeEach(() => {
  api = stubApi(http, {
    [DISCIPLINE_API.currentYear.path]: ok({ id_a_year: 26, name: '2026-27' }),
    [PAYMENTS_API.services.path]: ok(SERVICES),
    [MISC_API.years.path]: ok(YEARS),
    [PAYMENTS_API.groups.path]: ok(GROUPS),
    [PAYMENTS_API.payments.path]: ok([]),
    [TRANSCRIPT_API.transcript.path]: ok(TRANSCRIPT),
    [ORDERS_API.documents.path]: ok([]),
    [ORDERS_API.regions.path]: ok([]),
    [ORDERS_API.purposes.path]: ok([]),
    [ORDERS_API.mine.path]: ok([]),
    [ORDERS_API.queue.path]: ok([]),
  });
});

afterEach(() => api.restore());

describe('finance remote', () => {
  it('shows the payment screen at /lms/paymentcode, translated', async () => {
    renderInPortal(<App />, '/lms/paymentcode');
    const section = screen.getByRole('region', { name: 'Код оплаты' });
    expect(section).toHaveAttribute('data-remote', 'finance');
    expect(section).toHaveAttribute('data-remote-version', 'test');
    // The version is for tests and QA only: never shown.
    expect(section).not.toHaveTextContent('test');
    expect(section).toHaveAttribute('data-width', 'wide');
    expect(await screen.findByText('Платежей картой пока нет.')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByRole('heading', { name: 'Payment code' })).toBeInTheDocument();
  });

  it.each([
    ['/lms/singlewindow', 'Единое окно'],
    ['/lms/transcript', 'Транскрипт'],
    ['/lms/transcript/2', 'Транскрипт'],
  ])('at %s shows the %s area', (path, title) => {
    renderInPortal(<App />, path);
    const section = screen.getByRole('region', { name: title });
    expect(section).toHaveAttribute('data-remote', 'finance');
  });

  it('names the area in the interface language', async () => {
    renderInPortal(<App />, '/lms/transcript');
    await act(() => i18n.changeLanguage('kg'));
    expect(screen.getByRole('heading', { name: 'Транскрипт' })).toBeInTheDocument();
  });

  it('asks the shell for the width while a screen is shown', () => {
    const { unmount } = renderInPortal(<App />, '/lms/transcript');
    expect(lmsStore.get(pageWidthAtom)).toBe('wide');
    unmount();
    expect(lmsStore.get(pageWidthAtom)).toBe('normal');
  });

  it('opens the order form with the student’s instructions', () => {
    renderInPortal(<App />, '/lms/singlewindow');
    expect(screen.getByText(/затем следите за статусом/)).toBeInTheDocument();
  });

  it('opens the queue with the registrar’s instructions, in every language', async () => {
    lmsStore.set(userAtom, { ...testTeacher, newsPerms: false, registrarPerms: true });
    renderInPortal(<App />, '/lms/singlewindow');
    expect(await screen.findByText(/возьмите заказ в работу/)).toBeInTheDocument();
    expect(screen.queryByText(/затем следите за статусом/)).not.toBeInTheDocument();
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByText(/start preparing an order/)).toBeInTheDocument();
    await act(() => i18n.changeLanguage('kg'));
    expect(screen.getByText(/буйрутманы иштетүүгө алыңыз/)).toBeInTheDocument();
  });
});
