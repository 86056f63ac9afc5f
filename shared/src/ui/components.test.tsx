import { createRef } from 'react';
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { changeLanguage, initI18n } from '../i18n/i18n.js';
import { Button, useButtonClass } from './Button.js';
import { ErrorBoundary } from './ErrorBoundary.js';
import { FileIcon } from './FileIcon.js';
import { Loading } from './Loading.js';
import { ProgressBar, clampPercent } from './ProgressBar.js';

beforeAll(() => initI18n());
afterEach(() => changeLanguage('ru'));

describe('Loading', () => {
  it("says 'Загрузка...' as a status", () => {
    render(<Loading />);
    expect(screen.getByRole('status')).toHaveTextContent('Загрузка...');
  });

  it('is translated', async () => {
    await changeLanguage('kg');
    render(<Loading />);
    expect(screen.getByRole('status')).toHaveTextContent('Жүктөлүүдө...');
  });
});

describe('ProgressBar', () => {
  it('exposes its value to assistive technology and draws it', () => {
    render(<ProgressBar value={40} />);
    const bar = screen.getByRole('progressbar', { name: 'Ход выполнения' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
    expect(bar.firstElementChild).toHaveStyle({ width: '40%' });
  });

  it('takes a label', () => {
    render(<ProgressBar value={10} label="Загрузка файла" />);
    expect(screen.getByRole('progressbar', { name: 'Загрузка файла' })).toBeInTheDocument();
  });

  it('clamps values outside 0..100 (the upload stop value 110) and rounds', () => {
    expect(clampPercent(110)).toBe(100);
    expect(clampPercent(-5)).toBe(0);
    expect(clampPercent(33.4)).toBe(33);
    expect(clampPercent(Number.NaN)).toBe(0);
    render(<ProgressBar value={110} />);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  });
});

describe('FileIcon', () => {
  it.each([
    ['Лекция 1.pdf', 'pdf', 'Документ PDF', 'PDF'],
    ['Ведомость.xlsx', 'excel', 'Таблица Excel', 'XLS'],
    ['old.xls', 'excel', 'Таблица Excel', 'XLS'],
    ['Программа.docx', 'word', 'Документ Word', 'DOC'],
    ['old.doc', 'word', 'Документ Word', 'DOC'],
    ['readme.txt', 'text', 'Текстовый файл', 'TXT'],
    ['Слайды.pptx', 'powerpoint', 'Презентация PowerPoint', 'PPT'],
    ['old.ppt', 'powerpoint', 'Презентация PowerPoint', 'PPT'],
  ])('%s is a %s icon named %s', (fileName, type, name, badge) => {
    render(<FileIcon fileName={fileName} />);
    const icon = screen.getByRole('img', { name });
    expect(icon.tagName.toLowerCase()).toBe('svg');
    expect(icon).toHaveAttribute('data-file-type', type);
    expect(icon).toHaveTextContent(badge);
  });

  it('draws a plain document for other files', () => {
    render(<FileIcon fileName="photo.jpg" size={32} />);
    const icon = screen.getByRole('img', { name: 'Файл' });
    expect(icon).toHaveAttribute('data-file-type', 'other');
    expect(icon).toHaveAttribute('width', '32');
    expect(icon).toHaveTextContent('');
  });

  it('names the type in the interface language', async () => {
    await changeLanguage('en');
    render(<FileIcon fileName="a.pdf" />);
    expect(screen.getByRole('img', { name: 'PDF document' })).toBeInTheDocument();
  });
});

describe('ErrorBoundary', () => {
  let broken = true;
  function Fragile() {
    if (broken) throw new Error('render failed');
    return <p>работает</p>;
  }

  beforeEach(() => {
    broken = true;
    // React reports caught render errors on the console; the test asserts the fallback instead.
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  afterEach(() => jest.restoreAllMocks());

  it("shows 'Ошибка, обновите страницу!' by default and retries", async () => {
    const user = userEvent.setup();
    const onReset = jest.fn();
    render(
      <ErrorBoundary onReset={onReset}>
        <Fragile />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Ошибка, обновите страницу!');
    broken = false;
    await user.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(onReset).toHaveBeenCalledTimes(1);
    expect(screen.getByText('работает')).toBeInTheDocument();
  });

  it('renders a fallback element', () => {
    render(
      <ErrorBoundary fallback={<p>Раздел недоступен</p>}>
        <Fragile />
      </ErrorBoundary>,
    );
    expect(screen.getByText('Раздел недоступен')).toBeInTheDocument();
  });

  it('passes the error and a reset to a fallback function, and reports the error', async () => {
    const user = userEvent.setup();
    const onError = jest.fn();
    render(
      <ErrorBoundary
        onError={onError}
        fallback={({ error, reset }) => (
          <button type="button" onClick={reset}>
            {error.message}
          </button>
        )}
      >
        <Fragile />
      </ErrorBoundary>,
    );
    expect(onError).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'render failed' }),
      expect.anything(),
    );
    broken = false;
    await user.click(screen.getByRole('button', { name: 'render failed' }));
    expect(screen.getByText('работает')).toBeInTheDocument();
  });

  it('renders its children when nothing fails', () => {
    broken = false;
    render(
      <ErrorBoundary>
        <Fragile />
      </ErrorBoundary>,
    );
    expect(screen.getByText('работает')).toBeInTheDocument();
  });
});

describe('Button', () => {
  it('is a plain button by default (never submits a form by accident)', async () => {
    const submitted = jest.fn((event: Event) => event.preventDefault());
    render(
      <form onSubmit={(event) => submitted(event.nativeEvent)}>
        <Button>Отмена</Button>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Отмена' });
    expect(button).toHaveAttribute('type', 'button');
    expect(button).toHaveClass('lms-ui-button');
    await userEvent.setup().click(button);
    expect(submitted).not.toHaveBeenCalled();
  });

  it('takes its variant, type, ref and the usual attributes', async () => {
    const ref = createRef<HTMLButtonElement>();
    const clicked = jest.fn();
    render(
      <Button
        variant="danger"
        type="submit"
        ref={ref}
        disabled
        onClick={clicked}
        aria-label="Удалить"
      >
        ×
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Удалить' });
    expect(button).toHaveClass('lms-ui-button', 'lms-ui-button--danger');
    expect(button).toHaveAttribute('type', 'submit');
    expect(ref.current).toBe(button);
    await userEvent.setup().click(button);
    expect(clicked).not.toHaveBeenCalled();
  });

  it('lends its look to a link that acts as a button', () => {
    function Export() {
      return (
        <a className={useButtonClass('secondary', 'extra')} href="/x.csv" download>
          CSV
        </a>
      );
    }
    render(<Export />);
    expect(screen.getByRole('link', { name: 'CSV' })).toHaveClass(
      'lms-ui-button',
      'lms-ui-button--secondary',
      'extra',
    );
    expect(document.getElementById('lms-ui-styles')?.textContent).toContain(
      '.lms-ui-button--secondary',
    );
  });
});
