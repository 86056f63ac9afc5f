import { ApiError, UserError } from '../http/errors.js';
import { errorMessage } from './errorMessage.js';
import { changeLanguage, initI18n } from './i18n.js';

beforeAll(() => initI18n());
afterEach(() => changeLanguage('ru'));

describe('errorMessage', () => {
  it("shows the server's own message when there is one", () => {
    const error = new ApiError('CLIENT_ERROR', 'Неверный пароль', {
      status: 400,
      serverMessage: 'Неверный пароль',
    });
    expect(errorMessage(error)).toBe('Неверный пароль');
  });

  it('translates the failure kind otherwise', async () => {
    const error = new ApiError('NETWORK_ERROR', 'Network Error');
    expect(errorMessage(error)).toBe('Нет сети. Проверьте подключение к интернету.');
    await changeLanguage('kg');
    expect(errorMessage(error)).toBe('Тармак жок. Интернетке туташууну текшериңиз.');
    await changeLanguage('en');
    expect(errorMessage(new ApiError('TIMEOUT_ERROR', 'timeout of 30000ms exceeded'))).toBe(
      'The server did not answer in time. Please try again.',
    );
  });

  it("shows a screen's own UserError as it is (already in the user's language)", () => {
    expect(errorMessage(new UserError('Location is turned off for this site'))).toBe(
      'Location is turned off for this site',
    );
  });

  it('classifies anything else first', () => {
    expect(errorMessage(new Error('boom'))).toBe('Неизвестная ошибка.');
  });
});
