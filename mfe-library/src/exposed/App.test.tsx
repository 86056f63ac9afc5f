import { act, screen } from '@testing-library/react';
import { i18n } from '@lms/shared';
import { renderInPortal, signInForEachTest, type StubbedApi } from '@lms/shared/testing';
import { stubLibrary } from '../testing/fakeLibrary';
import App from './App';

let api: StubbedApi;

signInForEachTest();
beforeEach(() => {
  api = stubLibrary();
});
afterEach(() => api.restore());

describe('library remote', () => {
  it.each([
    ['/lms/umk', 'Учебно-методические материалы'],
    ['/lms/library', 'Электронная библиотека'],
    ['/lms/library/2', 'Электронная библиотека'],
  ])('at %s shows the %s area', async (path, title) => {
    renderInPortal(<App />, path);
    const page = screen.getByRole('region', { name: title });
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    // The kit's frame: a wide work screen, the build's version for QA only, never shown.
    expect(page).toHaveAttribute('data-remote', 'library');
    expect(page).toHaveAttribute('data-remote-version', 'test');
    expect(page).toHaveAttribute('data-width', 'wide');
    expect(page).not.toHaveTextContent(/test|0\.1\.0/i);
    await screen.findAllByRole('rowheader');
  });

  it('names the area in the interface language', async () => {
    renderInPortal(<App />, '/lms/library');
    await screen.findAllByRole('rowheader');
    await act(() => i18n.changeLanguage('kg'));
    expect(screen.getByRole('heading', { name: 'Электрондук китепкана' })).toBeInTheDocument();
  });
});
