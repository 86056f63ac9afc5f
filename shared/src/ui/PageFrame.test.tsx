import { render, screen } from '@testing-library/react';
import { pageWidthAtom } from '../layout/pageWidth.js';
import { lmsStore } from '../store.js';
import { PageFrame } from './PageFrame.js';

describe('PageFrame', () => {
  it('is a section named by its h1, with the description and no visible version', () => {
    render(
      <PageFrame remote="finance" version="1.2.3" title="Транскрипт" description="Ваши оценки">
        <p>Содержимое</p>
      </PageFrame>,
    );
    const page = screen.getByRole('region', { name: 'Транскрипт' });
    expect(screen.getByRole('heading', { level: 1, name: 'Транскрипт' })).toBeInTheDocument();
    expect(page).toHaveTextContent('Ваши оценки');
    expect(page).toHaveAttribute('data-remote', 'finance');
    expect(page).toHaveAttribute('data-remote-version', '1.2.3');
    expect(page).not.toHaveTextContent('1.2.3');
  });

  it('asks for the width while a wide screen is mounted', () => {
    const { unmount } = render(
      <PageFrame remote="journal" version="1.0.0" title="Журнал" wide>
        <p>Сетка</p>
      </PageFrame>,
    );
    expect(lmsStore.get(pageWidthAtom)).toBe('wide');
    unmount();
    expect(lmsStore.get(pageWidthAtom)).toBe('normal');
  });
});
