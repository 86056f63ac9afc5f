import { act, screen } from '@testing-library/react';
import { http, i18n } from '@lms/shared';
import {
  ok,
  renderInPortal,
  signInForEachTest,
  stubApi,
  type StubbedApi,
} from '@lms/shared/testing';
import { TRANSCRIPT } from '../testing/fakeOrders';
import { GROUPS, SERVICES, YEARS } from '../testing/fakePayments';
import App from './App';

let api: StubbedApi;

signInForEachTest();

beforeEach(() => {
  api = stubApi(http, {
    '/api/discipline/current/year.json': ok({ id_a_year: 26, name: '2026-27' }),
    '/api/misc/uslugi.json': ok(SERVICES),
    '/api/misc/years.json': ok(YEARS),
    '/api/misc/getgroups.json': ok(GROUPS),
    '/api/misc/payments.json': ok([]),
    '/api/misc/transcript.json': ok(TRANSCRIPT),
    '/api/singlewindow/doc/list.json': ok([]),
    '/api/singlewindow/region/list.json': ok([]),
    '/api/singlewindow/naznachenie/list.json': ok([]),
    '/api/singlewindow/order/list.json': ok([]),
  });
});

afterEach(() => api.restore());

describe('finance remote', () => {
  it('shows the payment screen at /lms/paymentcode, translated', async () => {
    renderInPortal(<App />, '/lms/paymentcode');
    const section = screen.getByRole('region', { name: 'Код оплаты' });
    expect(section).toHaveAttribute('data-remote', 'finance');
    expect(section).toHaveAttribute('data-remote-version', 'test');
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
});
