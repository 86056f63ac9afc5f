import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { renderInPortal, signInForEachTest, testStudent } from '@lms/shared/testing';
import '../../../i18n';
import { ManualScreen } from './ManualScreen';

signInForEachTest(testStudent);

/** The manual as the shell mounts it: the section from the address, and the address shown. */
function AtAddress() {
  const { pathname, search, hash } = useLocation();
  const section = /^\/lms\/manual\/([^/]+)$/.exec(pathname)?.[1] ?? null;
  return (
    <>
      <output data-testid="address">{`${pathname}${search}${hash}`}</output>
      <ManualScreen section={section} />
    </>
  );
}

/** Renders at `path` and lets the language's text (its own chunk) load. */
async function open(path: string): Promise<void> {
  await act(async () => {
    renderInPortal(<AtAddress />, path);
  });
}

describe('ManualScreen', () => {
  it('opens a screen’s section for the reader’s role', async () => {
    await open('/lms/manual/journal');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Журнал занятий' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'студент' })).toBeChecked();
    expect(
      screen.getByRole('region', { name: 'Посмотреть посещаемость и отметки' }),
    ).toBeInTheDocument();
    expect(
      screen.queryByRole('region', { name: 'Добавить занятие и отметить посещаемость' }),
    ).toBeNull();
    expect(
      screen.getByText(
        'Вы ещё не зарегистрированы ни на одну дисциплину: см. «Регистрация на дисциплины».',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Открыть экран' })).toHaveAttribute(
      'href',
      '/lms/journal',
    );
  });

  it('shows another role’s help when chosen', async () => {
    const user = userEvent.setup();
    await open('/lms/manual/journal');
    await user.click(await screen.findByRole('radio', { name: 'преподаватель' }));
    expect(
      screen.getByRole('region', { name: 'Добавить занятие и отметить посещаемость' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('address')).toHaveTextContent('/lms/manual/journal?as=teacher');
    // Another role's screen is not the reader's to open.
    expect(screen.queryByRole('link', { name: 'Открыть экран' })).toBeNull();
  });

  it('searches, announces the count and opens a result by keyboard', async () => {
    const user = userEvent.setup();
    await open('/lms/manual/journal');
    const field = await screen.findByRole('searchbox', { name: 'Поиск по руководству' });
    await user.type(field, 'лист ожидания');
    expect(within(screen.getByRole('search')).getByRole('status')).toHaveTextContent(
      /^Найдено: \d+$/,
    );
    const results = screen.getByRole('list', { name: 'Результаты' });
    const first = within(results).getAllByRole('link')[0];
    expect(first).toHaveTextContent('Регистрация на дисциплины');
    await user.keyboard('{ArrowDown}');
    expect(first).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('address')).toHaveTextContent(
      '/lms/manual/registration?as=student#student-task-2',
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Регистрация на дисциплины' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Поток заполнен: лист ожидания' })).toHaveFocus();
    // The search is cleared once a result is opened.
    expect(screen.getByRole('searchbox')).toHaveValue('');
  });

  it('says when nothing is found, and Enter in the field opens the first result', async () => {
    const user = userEvent.setup();
    await open('/lms/manual');
    const field = await screen.findByRole('searchbox', { name: 'Поиск по руководству' });
    await user.type(field, 'зебра');
    expect(within(screen.getByRole('search')).getByRole('status')).toHaveTextContent(
      'По запросу «зебра» ничего не найдено. Попробуйте другое слово.',
    );
    await user.clear(field);
    await user.type(field, 'транскрипт{Enter}');
    expect(screen.getByTestId('address')).toHaveTextContent('/lms/manual/transcript');
  });

  it('lists the contents for the reader’s role and for another', async () => {
    const user = userEvent.setup();
    await open('/lms/manual');
    const toc = await screen.findByRole('navigation', { name: 'Содержание' });
    expect(within(toc).getByRole('link', { name: 'Код оплаты' })).toHaveAttribute(
      'href',
      '/lms/manual/paymentcode',
    );
    await user.click(within(toc).getByRole('radio', { name: 'офис регистратора' }));
    expect(within(toc).queryByRole('link', { name: 'Код оплаты' })).toBeNull();
    expect(within(toc).getByRole('link', { name: 'Заказ справок (единое окно)' })).toHaveAttribute(
      'href',
      '/lms/manual/singlewindow?as=registrar',
    );
  });

  it('says so for a section the manual does not have', async () => {
    await open('/lms/manual/sports');
    expect(await screen.findByRole('alert')).toHaveTextContent('В руководстве нет такого раздела.');
    expect(screen.getByRole('link', { name: 'Все разделы руководства' })).toHaveAttribute(
      'href',
      '/lms/manual',
    );
  });
});
