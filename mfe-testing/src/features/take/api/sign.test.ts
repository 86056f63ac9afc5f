import { webcrypto } from 'node:crypto';
import { startAuthentication } from '@simplewebauthn/browser';
import { http, TESTING_API } from '@lms/shared';
import { ok, stubApi, type StubbedApi } from '@lms/shared/testing';
import { recordAnswer } from '../outbox/chain';
import { submissionSignature } from './sign';

const ASSERTION = {
  id: 'cred',
  rawId: 'cred',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
  clientExtensionResults: {},
};
jest.mock('@simplewebauthn/browser', () => ({ startAuthentication: jest.fn() }));

let api: StubbedApi;
let asked: { attemptId: number; device: string }[];

beforeAll(() => {
  if (!globalThis.crypto?.subtle) {
    Object.defineProperty(globalThis.crypto, 'subtle', { value: webcrypto.subtle });
  }
  // jsdom has no WebAuthn; this browser has.
  Object.assign(window, { PublicKeyCredential: function PublicKeyCredential() {} });
});

beforeEach(() => {
  sessionStorage.clear();
  asked = [];
  jest.mocked(startAuthentication).mockReset();
  jest.mocked(startAuthentication).mockResolvedValue(ASSERTION as never);
});

afterEach(() => api.restore());

const withOptions = (options: object | null) => {
  api = stubApi(http, {
    [TESTING_API.signOptions.path]: (config) => {
      asked.push(JSON.parse(String(config.data)) as { attemptId: number; device: string });
      return ok(options);
    },
  });
};

describe('the submission signed by the passkey', () => {
  it('asks nothing when this device recorded no answer of the attempt', async () => {
    withOptions({ challenge: 'Y2hhbGxlbmdl' });
    expect(await submissionSignature(7, 50)).toBeUndefined();
    expect(asked).toEqual([]);
  });

  it('signs the head of this device’s chain when the student has a passkey', async () => {
    withOptions({ challenge: 'Y2hhbGxlbmdl' });
    const link = await recordAnswer(
      7,
      51,
      { questionId: 1, version: 1, response: {} },
      async (l) => l,
    );
    expect(await submissionSignature(7, 51)).toEqual(ASSERTION);
    expect(asked).toEqual([{ attemptId: 51, device: link?.device }]);
    expect(startAuthentication).toHaveBeenCalledWith({
      optionsJSON: { challenge: 'Y2hhbGxlbmdl' },
    });
  });

  it('goes unsigned without a passkey, or when the student declines', async () => {
    withOptions(null);
    await recordAnswer(7, 52, { questionId: 1, version: 1, response: {} }, async (l) => l);
    expect(await submissionSignature(7, 52)).toBeUndefined();
    expect(startAuthentication).not.toHaveBeenCalled();
    api.restore();
    withOptions({ challenge: 'Y2hhbGxlbmdl' });
    jest.mocked(startAuthentication).mockRejectedValue(new Error('NotAllowedError'));
    expect(await submissionSignature(7, 52)).toBeUndefined();
  });
});
