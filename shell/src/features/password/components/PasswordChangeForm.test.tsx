import { PASSWD_API } from '@lms/shared';
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { setUpI18n, signIn, teacher } from '../../../test/environment';
import { ok, refused, stubApi, type StubbedApi } from '../../../test/network';
import { PasswordChangeForm } from './PasswordChangeForm';

const RESET = PASSWD_API.reset.path;
let api: StubbedApi;

beforeAll(setUpI18n);
beforeEach(() => {
  signIn(teacher);
  api = stubApi({ [RESET]: ok({ message: 'Password changed successfully' }) });
});
afterEach(() => api.restore());

async function fill(old: string, next: string, confirmation: string) {
  const user = userEvent.setup();
  if (old) await user.type(screen.getByLabelText('Старый пароль'), old);
  if (next) await user.type(screen.getByLabelText('Новый пароль'), next);
  if (confirmation) await user.type(screen.getByLabelText('Подтверждение пароля'), confirmation);
  await user.click(screen.getByRole('button', { name: 'Сменить пароль' }));
}

describe('password change form', () => {
  it('prompts for the old password, a new one by the policy it shows, and its confirmation', async () => {
    render(<PasswordChangeForm />);
    await fill('', 'abcdefg', 'abd');

    expect(screen.getByLabelText('Старый пароль')).toHaveAccessibleDescription(
      'Введите старый пароль',
    );
    expect(screen.getByLabelText('Новый пароль')).toHaveAccessibleDescription(
      'Не менее 6 символов, хотя бы одна цифра, одна заглавная и одна строчная буква. ' +
        'Новый пароль: не менее 6 символов, хотя бы одна цифра, одна заглавная и одна строчная буква',
    );
    expect(screen.getByLabelText('Подтверждение пароля')).toHaveAccessibleDescription(
      'Пароли не совпадают',
    );
    expect(api.requests).toEqual([]);
  });

  it("sends the session's uid and role and reports success", async () => {
    render(<PasswordChangeForm />);
    await fill('Teacher1', 'Teacher2', 'Teacher2');

    expect(await screen.findByRole('status')).toHaveTextContent('Пароль успешно изменён');
    expect(api.bodiesOf(RESET)).toEqual([
      { password: 'Teacher1', newPassword: 'Teacher2', uid: teacher.uid, role: teacher.role },
    ]);
    expect(screen.getByLabelText('Старый пароль')).toHaveValue('');
  });

  it('reports a failure with the reason the server gives', async () => {
    api.routes[RESET] = refused(400, 'Старый пароль указан неверно');
    render(<PasswordChangeForm />);
    await fill('wrong', 'Teacher2', 'Teacher2');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Не удалось изменить пароль: Старый пароль указан неверно',
    );
  });
});
