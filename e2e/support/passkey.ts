import type { Page } from '@playwright/test';

// A device's passkey in the browser: Chromium's virtual platform authenticator (CDP), with user
// verification, answering navigator.credentials at once.

/** Adds a virtual platform authenticator to the page's browser (its credentials stay in it). */
export async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, id: authenticatorId };
}

/**
 * A WebAuthn ceremony run in the page with the options the API gave (JSON): registration
 * (`create`) or assertion (`get`); the browser's JSON of the credential.
 */
export function passkeyCeremony(page: Page, kind: 'create' | 'get', options: unknown) {
  return page.evaluate(
    async ({ kind, options }) => {
      const api = PublicKeyCredential as unknown as {
        parseCreationOptionsFromJSON(json: unknown): PublicKeyCredentialCreationOptions;
        parseRequestOptionsFromJSON(json: unknown): PublicKeyCredentialRequestOptions;
      };
      const credential =
        kind === 'create'
          ? await navigator.credentials.create({
              publicKey: api.parseCreationOptionsFromJSON(options),
            })
          : await navigator.credentials.get({
              publicKey: api.parseRequestOptionsFromJSON(options),
            });
      return (credential as unknown as { toJSON(): unknown }).toJSON();
    },
    { kind, options },
  );
}
