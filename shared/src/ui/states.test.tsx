import { act, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { ApiError } from '../http/errors.js';
import { changeLanguage, initI18n } from '../i18n/i18n.js';
import { EmptyState } from './EmptyState.js';
import { ErrorState } from './ErrorState.js';
import { SectionHeader } from './SectionHeader.js';

beforeAll(() => initI18n());
afterEach(() => changeLanguage('ru'));

describe('SectionHeader', () => {
  it('titles a section as an h2 with the given id', () => {
    render(
      <section aria-labelledby="journal-title">
        <SectionHeader id="journal-title" title="Журнал" subtitle="Версия 1.2.0" />
      </section>,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Журнал' })).toHaveAttribute(
      'id',
      'journal-title',
    );
    expect(screen.getByRole('region', { name: 'Журнал' })).toHaveTextContent('Версия 1.2.0');
  });

  it('takes another level and the actions', async () => {
    const user = userEvent.setup();
    const onAdd = jest.fn();
    render(
      <SectionHeader
        level={3}
        title="Новости"
        actions={
          <button type="button" onClick={onAdd}>
            Добавить
          </button>
        }
      />,
    );
    expect(screen.getByRole('heading', { level: 3, name: 'Новости' })).toHaveAttribute('id');
    await user.click(screen.getByRole('button', { name: 'Добавить' }));
    expect(onAdd).toHaveBeenCalledTimes(1);
  });

  it('leaves out an empty subtitle', () => {
    const { container } = render(<SectionHeader title="Чат" subtitle="" />);
    expect(container.querySelector('.lms-ui-section-header__subtitle')).toBeNull();
    expect(container.querySelector('.lms-ui-section-header__actions')).toBeNull();
  });
});

describe('EmptyState', () => {
  it("says 'Нет данных' unless told otherwise, and is not an alert", async () => {
    const { rerender } = render(<EmptyState />);
    expect(screen.getByText('Нет данных')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    rerender(
      <EmptyState message="Нет сообщенний" action={<button type="button">Написать</button>} />,
    );
    expect(screen.getByText('Нет сообщенний')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Написать' })).toBeInTheDocument();
    await act(() => changeLanguage('en'));
    rerender(<EmptyState />);
    expect(screen.getByText('Nothing here yet')).toBeInTheDocument();
  });
});

describe('ErrorState', () => {
  it("shows the error's message as an alert and retries", async () => {
    const user = userEvent.setup();
    const onRetry = jest.fn();
    render(
      <ErrorState
        error={
          new ApiError('CLIENT_ERROR', 'Группа не найдена', {
            status: 404,
            serverMessage: 'Группа не найдена',
          })
        }
        onRetry={onRetry}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Группа не найдена');
    await user.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it("shows the request id the support desk looks for, in the reader's language", async () => {
    const error = new ApiError('SERVER_ERROR', 'Request failed with status code 500', {
      status: 500,
      requestId: 'k3f9a2-1z4',
    });
    const { unmount } = render(<ErrorState error={error} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Номер запроса: k3f9a2-1z4');
    unmount();
    await changeLanguage('en');
    render(<ErrorState error={error} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Request id: k3f9a2-1z4');
  });

  it('shows no request id for a failure that never reached the server', () => {
    render(<ErrorState error={new ApiError('NETWORK_ERROR', 'Network Error')} />);
    expect(screen.getByRole('alert')).not.toHaveTextContent('запроса');
  });

  it('translates a failure without a server message', async () => {
    await changeLanguage('en');
    render(
      <ErrorState
        error={new ApiError('SERVER_ERROR', 'Request failed with status code 500', { status: 500 })}
        onRetry={() => undefined}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Server error. Please try again later.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('prefers a given message and has no button without onRetry', () => {
    render(<ErrorState error={new Error('boom')} message="Не удалось загрузить журнал" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Не удалось загрузить журнал');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
