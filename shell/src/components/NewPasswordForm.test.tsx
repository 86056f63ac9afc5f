import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { setUpI18n } from '../test/environment';
import { NewPasswordForm } from './NewPasswordForm';

beforeAll(setUpI18n);

/** The shared part alone, with a first field of its own as the forms have. */
function Form({ busy = false, onSubmit = () => undefined }) {
  const [values, setValues] = useState({ newPassword: '', confirmation: '' });
  return (
    <NewPasswordForm
      aria-label="Новый пароль для входа"
      busy={busy}
      onSubmit={onSubmit}
      newPassword={{
        label: 'Новый пароль',
        name: 'newPassword',
        value: values.newPassword,
        error: 'password.errors.weak',
        onChange: (event) => setValues((v) => ({ ...v, newPassword: event.target.value })),
      }}
      confirmation={{
        label: 'Подтверждение пароля',
        name: 'confirmation',
        value: values.confirmation,
        onChange: (event) => setValues((v) => ({ ...v, confirmation: event.target.value })),
      }}
      submitLabel="Сменить пароль"
      moreActions={<button type="button">Назад</button>}
      classes={{}}
    >
      <p>Сначала то, что спрашивает сама форма</p>
    </NewPasswordForm>
  );
}

describe('the new password and its confirmation', () => {
  it('each have a show/hide toggle of their own', async () => {
    const user = userEvent.setup();
    render(<Form />);
    const [showNew, showConfirmation] = screen.getAllByRole('button', { name: 'Показать пароль' });

    await user.click(showConfirmation!);
    expect(screen.getByLabelText('Подтверждение пароля')).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText('Новый пароль')).toHaveAttribute('type', 'password');
    expect(showNew).toHaveAttribute('aria-pressed', 'false');
  });

  it('show the policy and the message in the user’s words, with the policy’s length', () => {
    render(<Form />);
    expect(screen.getByLabelText('Новый пароль')).toHaveAccessibleDescription(
      'Не менее 6 символов, хотя бы одна цифра, одна заглавная и одна строчная буква. ' +
        'Новый пароль: не менее 6 символов, хотя бы одна цифра, одна заглавная и одна строчная буква',
    );
    expect(screen.getByLabelText('Подтверждение пароля')).not.toHaveAccessibleDescription();
  });

  it('are sent with the submit button', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn();
    render(<Form onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Сменить пароль' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('while the form is sent, the buttons give way to a spinner', () => {
    render(<Form busy />);
    expect(screen.getByRole('form', { name: 'Новый пароль для входа' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    expect(screen.getByRole('status')).toHaveTextContent('Загрузка');
    expect(screen.queryByRole('button', { name: 'Сменить пароль' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Назад' })).not.toBeInTheDocument();
  });
});
