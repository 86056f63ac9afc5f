import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
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

describe('PageFrame’s help link', () => {
  const at = (path: string, help?: 'rooms' | false) =>
    render(
      <MemoryRouter initialEntries={[path]}>
        <PageFrame remote="journal" version="1.0.0" title="Журнал" help={help}>
          <p>Сетка</p>
        </PageFrame>
      </MemoryRouter>,
    );

  it('opens the manual at the route’s section', () => {
    at('/lms/journal');
    expect(screen.getByRole('link')).toHaveAttribute('href', '/lms/manual/journal');
  });

  it('opens the QR check-in’s section from the scan screen', () => {
    at('/lms/schedule/scan');
    expect(screen.getByRole('link')).toHaveAttribute('href', '/lms/manual/qr');
  });

  it('takes the section a screen names, and none when told so', () => {
    const { unmount } = at('/lms/journal', 'rooms');
    expect(screen.getByRole('link')).toHaveAttribute('href', '/lms/manual/rooms');
    unmount();
    at('/lms/journal', false);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('has none on a screen the manual does not describe', () => {
    at('/lms/manual');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
