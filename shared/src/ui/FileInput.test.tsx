import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { changeLanguage, initI18n } from '../i18n/i18n.js';
import { addFiles, FileInput, fileProblem, type FileInputProps } from './FileInput.js';

beforeAll(() => initI18n());
afterEach(() => changeLanguage('ru'));

const MB = 1024 * 1024;

function fileOf(name: string, size: number, lastModified = 1_700_000_000_000): File {
  const file = new File(['x'], name, { lastModified });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

type Harness = Partial<Omit<FileInputProps, 'files' | 'onChange'>> & { initial?: File[] };

/** The picker as a form holds it: the files in state. */
function Picker({ initial = [], ...props }: Harness) {
  const [files, setFiles] = useState<File[]>(initial);
  return <FileInput label="Файлы" limitBytes={null} {...props} files={files} onChange={setFiles} />;
}

const chips = () =>
  within(screen.getByRole('list', { name: 'Выбранные файлы' })).getAllByRole('listitem');

describe('FileInput', () => {
  it('lists the picked files with a shortened name, the type icon, the size and a remove button', async () => {
    const user = userEvent.setup();
    render(<Picker />);
    await user.upload(screen.getByLabelText('Файлы'), [
      fileOf('Расписание экзаменов весна 2025.pdf', 1.5 * MB),
      fileOf('notes.txt', 512),
    ]);
    const [first, second] = chips();
    expect(first).toHaveTextContent('Расписание экзаменов...');
    expect(
      within(first as HTMLElement).getByTitle('Расписание экзаменов весна 2025.pdf'),
    ).toBeInTheDocument();
    expect(
      within(first as HTMLElement).getByRole('img', { name: 'Документ PDF' }),
    ).toBeInTheDocument();
    expect(first).toHaveTextContent('1,5 МБ');
    expect(second).toHaveTextContent('512 Б');

    await user.click(screen.getByRole('button', { name: 'Убрать файл notes.txt' }));
    expect(chips()).toHaveLength(1);
  });

  it('adds a file picked twice once, and takes it again after its removal', async () => {
    const user = userEvent.setup();
    render(<Picker />);
    const input = screen.getByLabelText('Файлы') as HTMLInputElement;
    const report = fileOf('report.docx', 2000);
    await user.upload(input, report);
    await user.upload(input, [fileOf('report.docx', 2000), fileOf('plan.xlsx', 3000)]);
    expect(chips()).toHaveLength(2);
    expect(input.value).toBe('');

    await user.click(screen.getByRole('button', { name: 'Убрать файл report.docx' }));
    await user.upload(input, report);
    expect(chips().map((chip) => chip.textContent)).toEqual([
      expect.stringContaining('plan.xlsx'),
      expect.stringContaining('report.docx'),
    ]);
  });

  it('checks the sum of the files against the limit before sending', async () => {
    const user = userEvent.setup();
    const onValidityChange = jest.fn();
    render(<Picker limitBytes={20 * MB} onValidityChange={onValidityChange} showLimit />);
    const input = screen.getByLabelText('Файлы');
    expect(input).toHaveAccessibleDescription('Вместе не больше 20 МБ');
    expect(onValidityChange).toHaveBeenLastCalledWith(true);

    await user.upload(input, [fileOf('a.pdf', 12 * MB), fileOf('b.pdf', 9 * MB)]);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Файлы слишком большие: вместе не больше 20 МБ',
    );
    expect(input).toBeInvalid();
    expect(onValidityChange).toHaveBeenLastCalledWith(false);

    await user.click(screen.getByRole('button', { name: 'Убрать файл b.pdf' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(onValidityChange).toHaveBeenLastCalledWith(true);
    expect(onValidityChange).toHaveBeenCalledTimes(3);
  });

  it('says in English too', async () => {
    await changeLanguage('en');
    render(<Picker limitBytes={20 * MB} initial={[fileOf('big.zip', 30 * MB)]} />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The files are too large: at most 20 MB in total',
    );
    expect(screen.getByRole('button', { name: 'Remove file big.zip' })).toBeInTheDocument();
  });

  it('refuses more files than allowed', () => {
    render(<Picker maxFiles={1} initial={[fileOf('a.txt', 1), fileOf('b.txt', 1)]} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Слишком много файлов: не больше 1');
  });

  it('replaces the file when only one is taken', async () => {
    const user = userEvent.setup();
    render(<Picker multiple={false} />);
    const input = screen.getByLabelText('Файлы');
    expect(input).not.toHaveAttribute('multiple');
    await user.upload(input, fileOf('one.pdf', 1));
    await user.upload(input, fileOf('two.pdf', 1));
    expect(chips()).toHaveLength(1);
    expect(chips()[0]).toHaveTextContent('two.pdf');
  });

  it('shows the progress and locks the choice while uploading', () => {
    render(<Picker progress={40} initial={[fileOf('a.pdf', 1)]} />);
    expect(screen.getByRole('progressbar', { name: 'Загрузка файлов' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    expect(screen.getByLabelText('Файлы')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Убрать файл a.pdf' })).toBeDisabled();
  });

  it('is reached from the keyboard, also as an icon button, and shows an outside error', async () => {
    const user = userEvent.setup();
    render(
      <Picker compact label="Прикрепить файлы" error="Сервер не принял файлы" accept=".pdf" />,
    );
    await user.tab();
    const input = screen.getByLabelText('Прикрепить файлы');
    expect(input).toHaveFocus();
    expect(input).toHaveAttribute('accept', '.pdf');
    expect(screen.getByRole('alert')).toHaveTextContent('Сервер не принял файлы');
    expect(input).toHaveAccessibleDescription('Сервер не принял файлы');
  });
});

describe('fileProblem and addFiles', () => {
  const a = fileOf('a.pdf', 10);
  const b = fileOf('b.pdf', 15);

  it('name the problem of a choice', () => {
    expect(fileProblem([a, b], 24)).toBe('tooBig');
    expect(fileProblem([a, b], 25)).toBeNull();
    expect(fileProblem([a, b], null, 1)).toBe('tooMany');
    expect(fileProblem([], 0, 0)).toBeNull();
  });

  it('keeps the order and drops repeats', () => {
    expect(addFiles([a], [fileOf('a.pdf', 10), b, b])).toEqual([a, b]);
    expect(addFiles([a], [fileOf('a.pdf', 11)])).toHaveLength(2);
  });
});
