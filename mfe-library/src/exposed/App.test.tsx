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
    expect(screen.getByRole('region', { name: title })).toBeInTheDocument();
    expect(document.querySelector('[data-remote="library"]')).toHaveAttribute(
      'data-remote-version',
      'test',
    );
    await screen.findAllByRole('heading', { level: 3 });
  });

  it('names the area in the interface language', async () => {
    renderInPortal(<App />, '/lms/library');
    await screen.findAllByRole('heading', { level: 3 });
    await act(() => i18n.changeLanguage('kg'));
    expect(screen.getByRole('heading', { name: 'Электрондук китепкана' })).toBeInTheDocument();
  });
});
