import { act, screen } from '@testing-library/react';
import { i18n } from '@lms/shared';
import { expectSectionInProgress, renderInPortal, signInForEachTest } from '@lms/shared/testing';
import App from './App';

signInForEachTest();

describe('library remote', () => {
  it.each([
    ['/lms/umk', 'Учебно-методические материалы'],
    ['/lms/library', 'Электронная библиотека'],
    ['/lms/library/2', 'Электронная библиотека'],
  ])('at %s shows the %s area', (path, title) => {
    renderInPortal(<App />, path);
    expectSectionInProgress(title, 'library');
  });

  it('names the area in the interface language', async () => {
    renderInPortal(<App />, '/lms/library');
    await act(() => i18n.changeLanguage('kg'));
    expect(screen.getByRole('heading', { name: 'Электрондук китепкана' })).toBeInTheDocument();
  });
});
