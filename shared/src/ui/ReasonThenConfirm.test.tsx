import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { initI18n } from '../i18n/i18n.js';
import { lmsStore } from '../store.js';
import { ConfirmHost } from './ConfirmHost.js';
import { confirmQueueAtom } from './confirm.js';
import { ReasonThenConfirm, type ReasonThenConfirmTexts } from './ReasonThenConfirm.js';

beforeAll(() => initI18n());
beforeEach(() => lmsStore.set(confirmQueueAtom, []));

const TEXTS: ReasonThenConfirmTexts = {
  open: 'Revoke',
  openLabel: 'Revoke certificate No. 7',
  reason: 'Why certificate No. 7 is revoked',
  hint: 'The student reads it',
  tooShort: 'Give a reason of 3 characters at least',
  question: (reason) => `Revoke certificate No. 7? Reason: ${reason}`,
  act: 'Revoke it',
  keep: 'Keep it',
  close: 'Cancel',
};

function renderStep() {
  const onConfirmed = jest.fn();
  render(
    <>
      <ReasonThenConfirm texts={TEXTS} pending={false} onConfirmed={onConfirmed} />
      <ConfirmHost />
    </>,
  );
  return onConfirmed;
}

it('asks for a reason first, refuses one too short, and takes nothing without a yes', async () => {
  const user = userEvent.setup();
  const onConfirmed = renderStep();
  await user.click(screen.getByRole('button', { name: 'Revoke certificate No. 7' }));
  const reason = screen.getByRole('textbox', { name: 'Why certificate No. 7 is revoked' });
  await user.type(reason, ' a ');
  await user.click(screen.getByRole('button', { name: 'Revoke it' }));
  expect(reason).toHaveAccessibleDescription(expect.stringContaining(TEXTS.tooShort));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

  await user.clear(reason);
  await user.type(reason, '  issued   by mistake ');
  await user.click(screen.getByRole('button', { name: 'Revoke it' }));
  const dialog = screen.getByRole('dialog');
  expect(dialog).toHaveAccessibleDescription('Revoke certificate No. 7? Reason: issued by mistake');
  await user.click(screen.getByRole('button', { name: 'Keep it' }));
  expect(onConfirmed).not.toHaveBeenCalled();

  await user.click(screen.getByRole('button', { name: 'Revoke it' }));
  const inDialog = screen.getAllByRole('button', { name: 'Revoke it' }).at(-1)!;
  await user.click(inDialog);
  expect(onConfirmed).toHaveBeenCalledWith('issued by mistake');
});

it('closes the form without asking', async () => {
  const user = userEvent.setup();
  const onConfirmed = renderStep();
  await user.click(screen.getByRole('button', { name: 'Revoke certificate No. 7' }));
  await user.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(screen.getByRole('button', { name: 'Revoke certificate No. 7' })).toBeVisible();
  expect(onConfirmed).not.toHaveBeenCalled();
});
