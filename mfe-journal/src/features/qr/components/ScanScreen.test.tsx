import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, i18n, SCHEDULE_API } from '@lms/shared';
import {
  ok,
  renderInPortal,
  signInForEachTest,
  stubApi,
  type StubbedApi,
} from '@lms/shared/testing';
import '../../../i18n';
import { ScanScreen } from './ScanScreen';

// The phone's passkey answers at once: the check-in then asks for the position.
jest.mock('@simplewebauthn/browser', () => ({
  browserSupportsWebAuthn: () => true,
  startAuthentication: jest.fn(() => Promise.resolve({ id: 'passkey' })),
  startRegistration: jest.fn(),
  WebAuthnError: class WebAuthnError extends Error {},
}));

signInForEachTest();

let api: StubbedApi;
const geolocation = Object.getOwnPropertyDescriptor(navigator, 'geolocation');

/** This browser's geolocation, refusing with the given code (1 denied, 2 unavailable). */
function refusePosition(code: 1 | 2) {
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: {
      getCurrentPosition: (_ok: unknown, fail: (error: object) => void) =>
        fail({ code, PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 }),
    },
  });
}

beforeEach(() => {
  api = stubApi(http, {
    [SCHEDULE_API.passkeys.path]: ok({ passkeys: [] }),
    [SCHEDULE_API.qrChallenge.path]: ok({ claim: 'claim', options: { challenge: 'c' } }),
  });
});

afterEach(async () => {
  api.restore();
  if (geolocation) Object.defineProperty(navigator, 'geolocation', geolocation);
  else Reflect.deleteProperty(navigator, 'geolocation');
  await act(() => i18n.changeLanguage('ru'));
});

async function checkInWithCode() {
  const user = userEvent.setup();
  renderInPortal(<ScanScreen />, '/lms/schedule/scan');
  await user.type(screen.getByLabelText('Код с экрана (6 цифр)'), '123456');
  await user.click(screen.getByRole('button', { name: 'Отметиться по коду' }));
  return screen.findByTestId('scan-refusal');
}

describe('the check-in refused on the phone', () => {
  it('says that location access was refused, in each language, never "Unknown error"', async () => {
    refusePosition(1);
    const refusal = await checkInWithCode();
    expect(refusal).toHaveTextContent(
      'Нет доступа к местоположению: разрешите его, чтобы отметиться',
    );
    await act(() => i18n.changeLanguage('kg'));
    expect(refusal).toHaveTextContent(
      'Жайгашкан жерге уруксат жок: белгиленүү үчүн уруксат бериңиз',
    );
    await act(() => i18n.changeLanguage('en'));
    expect(refusal).toHaveTextContent('No access to your location: allow it to check in');
    expect(refusal).not.toHaveTextContent(/unknown/i);
    // Nothing was sent without the position.
    expect(api.bodiesOf(SCHEDULE_API.qrVisit)).toEqual([]);
  });

  it('says when the position could not be found', async () => {
    refusePosition(2);
    expect(await checkInWithCode()).toHaveTextContent(
      'Не удалось определить местоположение: включите GPS и повторите',
    );
  });
});
