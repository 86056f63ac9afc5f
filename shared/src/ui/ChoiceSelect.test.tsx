import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { ApiError } from '../http/errors.js';
import { changeLanguage, initI18n } from '../i18n/i18n.js';
import { ChoiceSelect, PLACEHOLDER_LABEL } from './ChoiceSelect.js';

beforeAll(() => initI18n());
afterEach(() => changeLanguage('ru'));

const groups = [
  { id: 7, name: 'ПИ-1-22' },
  { id: 9, name: 'ПИ-2-22' },
];

interface Year {
  id_a_year: number;
  p32: string;
}
const years: Year[] = [
  { id_a_year: 24, p32: '2024-2025' },
  { id_a_year: 25, p32: '2025-2026' },
];

describe('ChoiceSelect', () => {
  it("puts the ' --- ' placeholder first and reports it as null", async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    const { rerender } = render(
      <ChoiceSelect label="Группа" items={groups} value={null} onChange={onChange} placeholder />,
    );
    const select = screen.getByRole('combobox', { name: 'Группа' });
    expect(select).toHaveValue('-1');
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.getAttribute('value'))).toEqual(['-1', '7', '9']);
    expect(options[0]?.textContent).toBe(PLACEHOLDER_LABEL);

    await user.selectOptions(select, '9');
    expect(onChange).toHaveBeenLastCalledWith(9, groups[1]);

    rerender(
      <ChoiceSelect label="Группа" items={groups} value={9} onChange={onChange} placeholder />,
    );
    await user.selectOptions(select, '-1');
    expect(onChange).toHaveBeenLastCalledWith(null, null);
  });

  it('reads other shapes through getId and getLabel', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    render(
      <ChoiceSelect
        label="Учебный год"
        items={years}
        value={24}
        getId={(year) => year.id_a_year}
        getLabel={(year) => year.p32}
        onChange={onChange}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Учебный год' });
    expect(select).toHaveValue('24');
    expect(screen.getByRole('option', { name: '2025-2026' })).toBeInTheDocument();
    await user.selectOptions(select, '2025-2026');
    expect(onChange).toHaveBeenCalledWith(25, years[1]);
  });

  it('shows no entry as chosen while the value is null and there is no placeholder', () => {
    render(<ChoiceSelect label="Группа" items={groups} value={null} onChange={jest.fn()} />);
    expect(screen.getByRole('combobox', { name: 'Группа' })).toHaveValue('');
  });

  it("says 'Загрузка...' and is disabled while loading", () => {
    render(
      <ChoiceSelect label="Семестр" items={undefined} value={null} onChange={jest.fn()} loading />,
    );
    const select = screen.getByRole('combobox', { name: 'Семестр' });
    expect(select).toBeDisabled();
    expect(select).toHaveAttribute('aria-busy', 'true');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Загрузка...',
    ]);
  });

  it('announces a load failure and retries', async () => {
    const user = userEvent.setup();
    const onRetry = jest.fn();
    render(
      <ChoiceSelect
        label="Дисциплина"
        items={undefined}
        value={null}
        onChange={jest.fn()}
        placeholder
        loadError={
          new ApiError('SERVER_ERROR', 'Ошибка загрузки дисциплин', {
            status: 500,
            serverMessage: 'Ошибка загрузки дисциплин',
            requestId: 'k3f9a2-1z7',
          })
        }
        onRetry={onRetry}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Дисциплина' });
    expect(select).toBeDisabled();
    expect(screen.getByRole('alert')).toHaveTextContent('Ошибка загрузки дисциплин');
    // The id the support desk finds the request by.
    expect(screen.getByRole('alert')).toHaveTextContent('Номер запроса: k3f9a2-1z7');
    expect(select).toHaveAccessibleDescription(/Ошибка загрузки дисциплин/);
    await user.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('chains: a new year empties the semester', async () => {
    const user = userEvent.setup();
    const semestersOf: Record<number, { id: number; name: string }[]> = {
      24: [{ id: 1, name: 'Осенний' }],
      25: [{ id: 2, name: 'Весенний' }],
    };
    function Chain() {
      const [year, setYear] = useState<number | null>(null);
      const [semester, setSemester] = useState<number | null>(null);
      return (
        <>
          <ChoiceSelect
            label="Год"
            items={years}
            getId={(item) => item.id_a_year}
            getLabel={(item) => item.p32}
            value={year}
            placeholder
            onChange={(id) => {
              setYear(id);
              setSemester(null);
            }}
          />
          <ChoiceSelect
            label="Семестр"
            items={year === null ? [] : semestersOf[year]}
            value={semester}
            placeholder
            disabled={year === null}
            onChange={setSemester}
          />
        </>
      );
    }
    render(<Chain />);
    const semester = screen.getByRole('combobox', { name: 'Семестр' });
    expect(semester).toBeDisabled();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Год' }), '24');
    await user.selectOptions(semester, 'Осенний');
    expect(semester).toHaveValue('1');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Год' }), '25');
    expect(semester).toHaveValue('-1');
    expect(screen.getByRole('option', { name: 'Весенний' })).toBeInTheDocument();
  });
});
