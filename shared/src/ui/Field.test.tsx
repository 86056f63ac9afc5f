import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { changeLanguage, initI18n } from '../i18n/i18n.js';
import { Field, FormError, SelectField, TextAreaField } from './Field.js';

beforeAll(() => initI18n());
afterEach(() => changeLanguage('ru'));

describe('Field', () => {
  it('labels the input and ties the hint and the error to it', () => {
    render(<Field label="Новый пароль" hint="Не меньше 4 символов" error="Обязательное поле" />);
    const input = screen.getByLabelText('Новый пароль');
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toBeInvalid();
    expect(input).toHaveAccessibleDescription('Не меньше 4 символов Обязательное поле');
  });

  it('is neither invalid nor described without a hint or an error', () => {
    render(<Field label="Логин" />);
    const input = screen.getByLabelText('Логин');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
  });

  it("keeps the caller's own description and input attributes", () => {
    render(
      <>
        <p id="extra">Пример: 2024</p>
        <Field label="Год" type="number" name="year" aria-describedby="extra" error="Ошибка" />
      </>,
    );
    const input = screen.getByLabelText('Год');
    expect(input).toHaveAttribute('type', 'number');
    expect(input).toHaveAttribute('name', 'year');
    expect(input).toHaveAccessibleDescription('Пример: 2024 Ошибка');
  });

  it('shows and hides a secret with a translated toggle, from the keyboard too', async () => {
    const user = userEvent.setup();
    render(<Field label="Пароль" secret defaultValue="Secret1" />);
    const input = screen.getByLabelText('Пароль');
    const toggle = screen.getByRole('button', { name: 'Показать пароль' });
    expect(input).toHaveAttribute('type', 'password');
    expect(toggle).toHaveAttribute('aria-pressed', 'false');

    await user.click(toggle);
    expect(input).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(toggle).toHaveAttribute('title', 'Скрыть пароль');

    toggle.focus();
    await user.keyboard('{Enter}');
    expect(input).toHaveAttribute('type', 'password');
  });

  it('names the toggle in Kyrgyz and English', async () => {
    await changeLanguage('kg');
    const { unmount } = render(<Field label="Сырсөз" secret />);
    expect(screen.getByRole('button', { name: 'Сырсөздү көрсөтүү' })).toBeInTheDocument();
    unmount();
    await changeLanguage('en');
    render(<Field label="Password" secret />);
    expect(screen.getByRole('button', { name: 'Show password' })).toBeInTheDocument();
  });
});

describe('SelectField and TextAreaField', () => {
  it('wire the label, hint and error the same way', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    render(
      <>
        <SelectField label="Аудитория" hint="Кто увидит" error="Выберите" onChange={onChange}>
          <option value="all">Все</option>
          <option value="students">Студенты</option>
        </SelectField>
        <TextAreaField label="Сообщение" hint="До 5000 символов" maxLength={5000} />
      </>,
    );
    const select = screen.getByRole('combobox', { name: 'Аудитория' });
    expect(select).toBeInvalid();
    expect(select).toHaveAccessibleDescription('Кто увидит Выберите');
    await user.selectOptions(select, 'students');
    expect(onChange).toHaveBeenCalled();

    const textarea = screen.getByRole('textbox', { name: 'Сообщение' });
    expect(textarea).toHaveAttribute('rows', '3');
    expect(textarea).toHaveAttribute('maxlength', '5000');
    expect(textarea).toHaveAccessibleDescription('До 5000 символов');
    expect(textarea).not.toHaveAttribute('aria-invalid');
  });
});

describe('FormError', () => {
  it('announces the message as an alert', () => {
    render(<FormError>Неверное имя пользователя или пароль</FormError>);
    expect(screen.getByRole('alert')).toHaveTextContent('Неверное имя пользователя или пароль');
  });

  it('renders nothing without a message', () => {
    const { container } = render(<FormError>{''}</FormError>);
    expect(container).toBeEmptyDOMElement();
  });
});
