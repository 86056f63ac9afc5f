import { act, fireEvent, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { initI18n } from '../i18n/i18n.js';
import { lmsStore } from '../store.js';
import { ConfirmHost } from './ConfirmHost.js';
import { confirm, confirmQueueAtom } from './confirm.js';

beforeAll(() => initI18n());

beforeEach(() => lmsStore.set(confirmQueueAtom, []));

function renderPage() {
  render(
    <>
      <button type="button">Удалить книгу</button>
      <ConfirmHost />
    </>,
  );
  const opener = screen.getByRole('button', { name: 'Удалить книгу' });
  opener.focus();
  return opener;
}

function ask(message: string, options?: Parameters<typeof confirm>[1]) {
  let answer!: Promise<boolean>;
  act(() => {
    answer = confirm(message, options);
  });
  return answer;
}

it('opens an accessible modal dialog with the focus on the confirming button', () => {
  renderPage();
  void ask('Удалить книгу?');
  const dialog = screen.getByRole('dialog', { name: 'Подтверждение' });
  expect(dialog).toHaveAttribute('aria-modal', 'true');
  expect(dialog).toHaveAccessibleDescription('Удалить книгу?');
  expect(screen.getByRole('button', { name: 'Да' })).toHaveFocus();
});

it('resolves true on Enter and returns the focus', async () => {
  const user = userEvent.setup();
  const opener = renderPage();
  const answer = ask('Удалить книгу?');
  await user.keyboard('{Enter}');
  await expect(answer).resolves.toBe(true);
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(opener).toHaveFocus();
});

it('resolves false on Escape and returns the focus', async () => {
  const user = userEvent.setup();
  const opener = renderPage();
  const answer = ask('Отменить заказ?');
  await user.keyboard('{Escape}');
  await expect(answer).resolves.toBe(false);
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(opener).toHaveFocus();
});

it('keeps Tab and Shift+Tab inside the dialog', async () => {
  const user = userEvent.setup();
  renderPage();
  void ask('Удалить?');
  const yes = screen.getByRole('button', { name: 'Да' });
  const cancel = screen.getByRole('button', { name: 'Отмена' });
  await user.tab();
  expect(cancel).toHaveFocus();
  await user.tab();
  expect(yes).toHaveFocus();
  await user.tab({ shift: true });
  expect(cancel).toHaveFocus();
  await user.tab({ shift: true });
  expect(yes).toHaveFocus();
});

it('resolves false from the cancel button and from a click outside', async () => {
  const user = userEvent.setup();
  renderPage();
  const first = ask('Удалить?');
  await user.click(screen.getByRole('button', { name: 'Отмена' }));
  await expect(first).resolves.toBe(false);

  const second = ask('Удалить?');
  const backdrop = screen.getByRole('dialog').parentElement as HTMLElement;
  fireEvent.mouseDown(screen.getByRole('dialog'));
  expect(screen.getByRole('dialog')).toBeInTheDocument();
  fireEvent.mouseDown(backdrop);
  await expect(second).resolves.toBe(false);
});

it('uses the given title and labels', async () => {
  const user = userEvent.setup();
  renderPage();
  const answer = ask('Оплатить 1500 сом картой?', {
    title: 'Оплата',
    confirmLabel: 'Оплатить',
    cancelLabel: 'Не сейчас',
    danger: true,
  });
  expect(screen.getByRole('dialog', { name: 'Оплата' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Не сейчас' })).toBeInTheDocument();
  const pay = screen.getByRole('button', { name: 'Оплатить' });
  expect(pay).toHaveClass('lms-ui-button--danger');
  await user.click(pay);
  await expect(answer).resolves.toBe(true);
});

it('asks queued questions one after another', async () => {
  const user = userEvent.setup();
  renderPage();
  const first = ask('Первый вопрос?');
  const second = ask('Второй вопрос?');
  expect(screen.getAllByRole('dialog')).toHaveLength(1);
  expect(screen.getByRole('dialog')).toHaveAccessibleDescription('Первый вопрос?');
  await user.keyboard('{Enter}');
  await expect(first).resolves.toBe(true);
  expect(screen.getByRole('dialog')).toHaveAccessibleDescription('Второй вопрос?');
  expect(screen.getByRole('button', { name: 'Да' })).toHaveFocus();
  await user.keyboard('{Escape}');
  await expect(second).resolves.toBe(false);
});
