import { act, fireEvent, render, screen } from '@testing-library/react';
import { ApiError, UserError } from '../http/errors.js';
import { initI18n } from '../i18n/i18n.js';
import { lmsStore } from '../store.js';
import { Notifications } from './Notifications.js';
import {
  NOTIFICATION_DURATION_MS,
  dismissNotification,
  notificationsAtom,
  notify,
} from './notification-store.js';
import { notifyFailure } from './notifyFailure.js';

beforeAll(() => initI18n());

beforeEach(() => {
  jest.useFakeTimers();
  lmsStore.set(notificationsAtom, []);
});

afterEach(() => {
  jest.useRealTimers();
});

it('shows a notification in a polite live region at the top right', () => {
  render(<Notifications />);
  act(() => {
    notify('Логин и пароль успешно изменены', 'success');
  });
  const region = screen.getByRole('region', { name: 'Уведомления' });
  expect(region).toHaveAttribute('aria-live', 'polite');
  expect(region).toHaveClass('lms-ui-notifications');
  expect(region).toHaveTextContent('Логин и пароль успешно изменены');
  expect(region.querySelector('[data-kind="success"]')).not.toBeNull();
  const css = document.getElementById('lms-ui-styles')?.textContent ?? '';
  // At the bottom, above the phone's tab bar (the shell sets the inset): never over the top bar.
  expect(css).toMatch(
    /\.lms-ui-notifications \{ position: fixed; bottom: calc\(16px \+ var\(--lms-toast-inset, 0px\)\); right: 16px;/,
  );
});

it('closes by itself after 5000 ms', () => {
  render(<Notifications />);
  act(() => {
    notify('Сохранено');
  });
  expect(NOTIFICATION_DURATION_MS).toBe(5000);
  act(() => jest.advanceTimersByTime(4999));
  expect(screen.getByText('Сохранено')).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(1));
  expect(screen.queryByText('Сохранено')).not.toBeInTheDocument();
});

it('closes each notification on its own schedule', () => {
  render(<Notifications />);
  act(() => {
    notify('первое');
  });
  act(() => jest.advanceTimersByTime(3000));
  act(() => {
    notify('второе', 'error');
  });
  act(() => jest.advanceTimersByTime(2000));
  expect(screen.queryByText('первое')).not.toBeInTheDocument();
  expect(screen.getByText('второе')).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(3000));
  expect(screen.queryByText('второе')).not.toBeInTheDocument();
});

it('closes with its close button', () => {
  render(<Notifications />);
  act(() => {
    notify('Сохранено');
  });
  fireEvent.click(screen.getByRole('button', { name: 'Закрыть' }));
  expect(screen.queryByText('Сохранено')).not.toBeInTheDocument();
});

it('stays while hovered and closes 5000 ms after the pointer leaves', () => {
  render(<Notifications />);
  act(() => {
    notify('Прочтите внимательно');
  });
  const toast = screen.getByText('Прочтите внимательно').parentElement as HTMLElement;
  act(() => jest.advanceTimersByTime(4000));
  fireEvent.mouseEnter(toast);
  act(() => jest.advanceTimersByTime(10000));
  expect(screen.getByText('Прочтите внимательно')).toBeInTheDocument();
  fireEvent.mouseLeave(toast);
  act(() => jest.advanceTimersByTime(NOTIFICATION_DURATION_MS));
  expect(screen.queryByText('Прочтите внимательно')).not.toBeInTheDocument();
});

it('can be dismissed from code', () => {
  render(<Notifications />);
  let id = 0;
  act(() => {
    id = notify('Загружено');
  });
  act(() => dismissNotification(id));
  expect(screen.queryByText('Загружено')).not.toBeInTheDocument();
});

it("a failed action's notification says what failed and the request's id for the support desk", () => {
  render(<Notifications />);
  act(() => {
    notifyFailure(
      new ApiError('SERVER_ERROR', 'Request failed with status code 500', {
        status: 500,
        requestId: 'k3f9a2-1z9',
      }),
      (message) => `Не удалось отправить: ${message}`,
    );
  });
  const toast = screen
    .getByRole('region', { name: 'Уведомления' })
    .querySelector('[data-kind="error"]');
  expect(toast).toHaveTextContent(/^Не удалось отправить: .+Номер запроса: k3f9a2-1z9/);
  // A screen's own refusal never went to the server: no id.
  act(() => {
    notifyFailure(new UserError('Выберите файл'));
  });
  const own = screen.getByText('Выберите файл').closest('[data-kind]');
  expect(own).toHaveAttribute('data-kind', 'error');
  expect(own).not.toHaveTextContent('Номер запроса');
});
