import { render, screen, waitFor, within } from '@testing-library/react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { userEvent } from '@testing-library/user-event';
import { ApiError } from '../http/errors.js';
import { initI18n } from '../i18n/i18n.js';
import { DataTable, type DataTableColumn } from './DataTable.js';

beforeAll(() => initI18n());

interface Grade {
  id: number;
  student: string;
  total: number;
}

const rows: Grade[] = [
  { id: 1, student: 'Асанов Б.', total: 87.5 },
  { id: 2, student: 'Бекова А.', total: 92 },
];

const columns: DataTableColumn<Grade>[] = [
  { key: 'n', header: '№', render: (_, index) => index + 1, width: '3rem' },
  {
    key: 'student',
    header: 'Студент',
    render: (row) => row.student,
    rowHeader: true,
    sticky: true,
  },
  { key: 'total', header: 'Итог', render: (row) => row.total.toFixed(2), align: 'end' },
];

describe('DataTable', () => {
  it('is a captioned table with column and row headers', () => {
    render(
      <DataTable
        caption="Журнал группы ПИ-1-22"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
      />,
    );
    const table = screen.getByRole('table', { name: 'Журнал группы ПИ-1-22' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(['№', 'Студент', 'Итог']);
    headers.forEach((header) => expect(header).toHaveAttribute('scope', 'col'));
    const rowHeaders = within(table).getAllByRole('rowheader');
    expect(rowHeaders.map((header) => header.textContent)).toEqual(['Асанов Б.', 'Бекова А.']);
    rowHeaders.forEach((header) => expect(header).toHaveAttribute('scope', 'row'));
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('1Асанов Б.87.50');
    expect(within(table).getByText('92.00')).toHaveClass('lms-ui-table__cell--end');
    expect(rowHeaders[0]).toHaveClass('lms-ui-table__cell--sticky');
    expect(headers[0]).toHaveStyle({ width: '3rem' });
  });

  it('scrolls inside a named region that takes keyboard focus', async () => {
    const user = userEvent.setup();
    render(
      <DataTable
        caption="Транскрипт"
        captionHidden
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
      />,
    );
    const region = screen.getByRole('region', { name: 'Транскрипт' });
    await user.tab();
    expect(region).toHaveFocus();
    expect(screen.getByText('Транскрипт')).toHaveClass('lms-ui-visually-hidden');
  });

  it('makes the first column the row header when no column is marked', () => {
    const plain = columns.map(({ rowHeader: _rowHeader, ...column }) => column);
    render(<DataTable caption="Список" columns={plain} rows={rows} rowKey={(row) => row.id} />);
    expect(screen.getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['1', '2']);
  });

  it('says so when there are no rows', () => {
    const { rerender } = render(
      <DataTable caption="Регистрация" columns={columns} rows={[]} rowKey={(row) => row.id} />,
    );
    expect(screen.getByRole('cell')).toHaveTextContent('Нет данных');
    expect(screen.getByRole('cell')).toHaveAttribute('colspan', '3');
    rerender(
      <DataTable
        caption="Регистрация"
        columns={columns}
        rows={[]}
        rowKey={(row) => row.id}
        emptyMessage="Вы не записаны ни на одну дисциплину"
      />,
    );
    expect(screen.getByRole('cell')).toHaveTextContent('Вы не записаны ни на одну дисциплину');
  });

  it('shows the loading text until rows arrive, then marks a reload busy', () => {
    const { rerender } = render(
      <DataTable
        caption="Журнал"
        columns={columns}
        rows={undefined}
        loading
        rowKey={(row) => row.id}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Загрузка...');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    rerender(
      <DataTable caption="Журнал" columns={columns} rows={rows} loading rowKey={(row) => row.id} />,
    );
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
  });

  it('shows a failed load with a retry', async () => {
    const user = userEvent.setup();
    const onRetry = jest.fn();
    render(
      <DataTable
        caption="Журнал"
        columns={columns}
        rows={undefined}
        rowKey={(row) => row.id}
        error={
          new ApiError('CLIENT_ERROR', 'Журнал не найден', {
            status: 404,
            serverMessage: 'Журнал не найден',
          })
        }
        onRetry={onRetry}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Журнал не найден');
    await user.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
  it('labels each cell for phone cards and marks the key values', () => {
    const keyed: DataTableColumn<Grade>[] = [
      { key: 'student', header: 'Студент', render: (row) => row.student },
      {
        key: 'total',
        header: <abbr title="Итоговый балл">Итог</abbr>,
        label: 'Итоговый балл',
        render: (row) => row.total,
        priority: 'key',
      },
      { key: 'id', header: 'Код', render: (row) => row.id, priority: 'low' },
    ];
    render(<DataTable caption="Итоги" columns={keyed} rows={rows} rowKey={(row) => row.id} />);
    const row = screen.getAllByRole('row')[1] as HTMLElement;
    const total = within(row).getByText('87.5');
    expect(total).toHaveClass('lms-ui-table__cell--key');
    expect(total).toHaveAttribute('data-label', 'Итоговый балл');
    expect(total).toHaveAttribute('data-priority', 'key');
    expect(within(row).getByText('1')).toHaveClass('lms-ui-table__cell--low');
    expect(within(row).getByText('1')).toHaveAttribute('data-priority', 'low');
    expect(within(row).getByText('1')).toHaveAttribute('data-label', 'Код');
    // The row header names the card: it needs no label of its own.
    expect(within(row).getByRole('rowheader')).not.toHaveAttribute('data-label');
    expect(screen.getByRole('region').parentElement).toHaveClass('lms-ui-table-frame--cards');
  });

  it('keeps a grid a table on a phone when asked', () => {
    render(
      <DataTable
        caption="Журнал"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        phone="scroll"
      />,
    );
    expect(screen.getByRole('region').parentElement).toHaveClass('lms-ui-table-frame--scroll');
  });

  it('draws a long list’s first screen at once and the rest in a render that yields', async () => {
    const many = Array.from({ length: 50 }, (_, index) => ({
      id: index + 1,
      student: `Студент ${index + 1}`,
      total: index,
    }));
    const container = document.body.appendChild(document.createElement('div'));
    const root = createRoot(container);
    // Outside act(), as a browser runs it: the urgent render is over when flushSync returns, and
    // the transition with the rest runs in the scheduler's later tasks.
    const reactGlobals = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    const actEnvironment = reactGlobals.IS_REACT_ACT_ENVIRONMENT;
    reactGlobals.IS_REACT_ACT_ENVIRONMENT = false;
    try {
      flushSync(() =>
        root.render(
          <DataTable caption="Группа" columns={columns} rows={many} rowKey={(row) => row.id} />,
        ),
      );
      const table = within(container).getByRole('table', { name: 'Группа' });
      expect(within(table).getAllByRole('rowheader')).toHaveLength(12);
      expect(table).toHaveAttribute('aria-busy', 'true');
      await waitFor(() => expect(within(table).getAllByRole('rowheader')).toHaveLength(50));
      expect(table).not.toHaveAttribute('aria-busy');
      expect(within(table).getAllByRole('rowheader')[49]).toHaveTextContent('Студент 50');
    } finally {
      root.unmount();
      container.remove();
      reactGlobals.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
    }
  });
});
