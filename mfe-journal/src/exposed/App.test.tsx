import { act, screen } from '@testing-library/react';
import { i18n } from '@lms/shared';
import { expectSectionInProgress, renderInPortal, signInForEachTest } from '@lms/shared/testing';
import App from './App';

signInForEachTest();

describe('journal remote', () => {
  it('shows its page, translated', async () => {
    renderInPortal(<App />, '/lms/journal');
    expectSectionInProgress('Журнал занятий', 'journal');
    await act(() => i18n.changeLanguage('kg'));
    expect(screen.getByRole('heading', { name: 'Сабактардын журналы' })).toBeInTheDocument();
  });
});
