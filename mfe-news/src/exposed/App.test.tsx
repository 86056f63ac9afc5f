import { act, screen } from '@testing-library/react';
import { http, i18n } from '@lms/shared';
import {
  envelope,
  renderInPortal,
  signInForEachTest,
  stubNetwork,
  type StubbedNetwork,
} from '@lms/shared/testing';
import App from './App';
import Feed from './Feed';

let network: StubbedNetwork;

signInForEachTest();

beforeEach(() => {
  network = stubNetwork(http, () => ({
    status: 200,
    data: envelope({ items: [], page: 1, pageSize: 10, hasMore: false }),
  }));
});

afterEach(() => {
  network.restore();
});

describe('news remote', () => {
  it('renders the news page in the kit frame, its version only as a data attribute', async () => {
    renderInPortal(<App />, '/lms/news');
    const section = screen.getByRole('region', { name: 'Новости' });
    expect(section).toHaveClass('lms-ui-page');
    expect(section).toHaveAttribute('data-remote', 'news');
    expect(section).toHaveAttribute('data-remote-version', 'test');
    expect(screen.getByRole('heading', { level: 1, name: 'Новости' })).toBeInTheDocument();
    expect(screen.getByText('Объявления университета и факультетов')).toBeInTheDocument();
    expect(screen.queryByText(/Версия/)).not.toBeInTheDocument();
    expect(await screen.findByText('Новостей пока нет')).toBeInTheDocument();

    await act(() => i18n.changeLanguage('kg'));
    expect(screen.getByRole('heading', { name: 'Жаңылыктар' })).toBeInTheDocument();
    expect(screen.getByText('Азырынча жаңылыктар жок')).toBeInTheDocument();
  });

  it('renders the home feed without a version label', async () => {
    renderInPortal(<Feed />, '/lms');
    const pane = screen.getByRole('region', { name: 'Лента новостей' });
    expect(pane).toHaveClass('lms-ui-page');
    expect(pane).toHaveAttribute('data-remote', 'news');
    expect(pane).toHaveAttribute('data-remote-version', 'test');
    expect(screen.getByRole('heading', { level: 1, name: 'Лента новостей' })).toBeInTheDocument();
    expect(screen.queryByText(/Версия/)).not.toBeInTheDocument();
    expect(await screen.findByText('Новостей пока нет')).toBeInTheDocument();
  });
});
