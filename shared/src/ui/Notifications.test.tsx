import { act, fireEvent, render, screen } from '@testing-library/react';
import { ApiError, UserError } from '../http/errors.js';
import { initI18n } from '../i18n/i18n.js';
import { lmsStore } from '../store.js';
import { Notifications } from './Notifications.js';
import {
  NOTIFICATION_DURATION_MS,
  collapseNotifications,
  dismissNotification,
  notificationsAtom,
  notify,
  placementAvoiding,
  type NotificationItem,
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

it('reads no layout while there is nothing to show (every page mounts it on start)', () => {
  const read = jest.spyOn(Element.prototype, 'getBoundingClientRect');
  render(<Notifications />);
  expect(read).not.toHaveBeenCalled();
  act(() => {
    notify('Сохранено', 'success');
  });
  // A notification shown: the stack's box is read to keep it off the focused element.
  expect(read).toHaveBeenCalled();
  read.mockRestore();
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

it('closes each notification on its own schedule, shown or counted', () => {
  render(<Notifications />);
  act(() => {
    notify('первое');
  });
  act(() => jest.advanceTimersByTime(3000));
  act(() => {
    notify('второе');
  });
  expect(screen.getByRole('button', { name: 'Все уведомления (2)' })).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(2000));
  expect(lmsStore.get(notificationsAtom).map((item) => item.message)).toEqual(['второе']);
  expect(screen.getByText('второе')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Все уведомления/ })).not.toBeInTheDocument();
  act(() => jest.advanceTimersByTime(3000));
  expect(screen.queryByText('второе')).not.toBeInTheDocument();
});

it('stacked notifications collapse to one with a count, and unfold on request', () => {
  render(<Notifications />);
  act(() => {
    notify('Заказ «Справка с места учёбы»: «Готовится»');
    notify('Заказ «Справка для военкомата»: «Готов»');
    notify('Заказ «Справка с места учёбы»: «Готов»');
  });
  const region = screen.getByRole('region', { name: 'Уведомления' });
  expect(region.querySelectorAll('.lms-ui-toast')).toHaveLength(1);
  expect(region).toHaveTextContent('Заказ «Справка с места учёбы»: «Готов»');
  const all = screen.getByRole('button', { name: 'Все уведомления (3)' });
  expect(all).toHaveAttribute('aria-expanded', 'false');
  fireEvent.click(all);
  expect(region.querySelectorAll('.lms-ui-toast')).toHaveLength(3);
  fireEvent.click(screen.getByRole('button', { name: 'Свернуть' }));
  expect(region.querySelectorAll('.lms-ui-toast')).toHaveLength(1);
});

it('the same message again replaces the earlier one instead of stacking', () => {
  render(<Notifications />);
  act(() => {
    notify('Новость сохранена', 'success');
    notify('Новость сохранена', 'success');
  });
  expect(lmsStore.get(notificationsAtom)).toHaveLength(1);
  expect(screen.queryByRole('button', { name: /Все уведомления/ })).not.toBeInTheDocument();
});

describe('collapseNotifications', () => {
  const item = (id: number, kind: NotificationItem['kind'] = 'info'): NotificationItem => ({
    id,
    kind,
    message: `сообщение ${id}`,
  });

  it('shows nothing when there is nothing', () => {
    expect(collapseNotifications([])).toEqual({ shown: null, more: 0 });
  });

  it('shows the newest and counts the rest', () => {
    expect(collapseNotifications([item(1), item(2), item(3, 'success')])).toEqual({
      shown: item(3, 'success'),
      more: 2,
    });
  });

  it('shows the newest error before newer successes: a failure needs reading', () => {
    expect(collapseNotifications([item(1, 'error'), item(2, 'error'), item(3, 'success')])).toEqual(
      { shown: item(2, 'error'), more: 2 },
    );
  });
});

describe('placementAvoiding', () => {
  // A 1280 × 800 desk: the stack at the bottom right, 360 px wide.
  const stack = { left: 904, right: 1264, top: 700, bottom: 784 };

  it('stays at the bottom right when nothing has focus or the focus is elsewhere', () => {
    expect(placementAvoiding(null, stack, 1280)).toBe('end');
    expect(placementAvoiding({ left: 300, right: 360, top: 100, bottom: 130 }, stack, 1280)).toBe(
      'end',
    );
  });

  it('moves to the bottom left off a focused journal cell it would cover', () => {
    const cell = { left: 1000, right: 1060, top: 720, bottom: 750 };
    expect(placementAvoiding(cell, stack, 1280)).toBe('start');
  });

  it('goes to the top when the focused element spans the bottom (a phone, a wide field)', () => {
    const phoneStack = { left: 16, right: 359, top: 520, bottom: 590 };
    expect(
      placementAvoiding({ left: 12, right: 363, top: 540, bottom: 580 }, phoneStack, 375),
    ).toBe('top');
    const wide = { left: 200, right: 1200, top: 740, bottom: 770 };
    expect(placementAvoiding(wide, stack, 1280)).toBe('top');
  });

  it('an empty stack covers nothing', () => {
    const cell = { left: 1000, right: 1060, top: 720, bottom: 750 };
    expect(placementAvoiding(cell, { ...stack, top: 784 }, 1280)).toBe('end');
  });
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
  const toast = screen.getByRole('region', { name: 'Уведомления' });
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
