import { useQuery } from '@tanstack/react-query';
import {
  postEndpoint,
  SCHEDULE_API,
  TESTING_API,
  useSession,
  type TestingSubmitBody,
} from '@lms/shared';
import { chainDeviceOf } from '../outbox/chain';

// The WebAuthn library is loaded when a ceremony starts, not with the screen.
const webauthn = () => import('@simplewebauthn/browser');

const getSignOptions = postEndpoint(TESTING_API.signOptions);
const listPasskeys = postEndpoint(SCHEDULE_API.passkeys);

/** Whether the student has registered a passkey (the QR check-in's): they may sign. */
export function useHasPasskey(): boolean {
  const uid = useSession().user?.uid ?? 0;
  const query = useQuery({
    queryKey: ['testing', 'passkeys', uid],
    queryFn: () => listPasskeys({}),
    meta: { offline: false },
  });
  return (query.data?.passkeys.length ?? 0) > 0;
}

/**
 * The passkey's assertion over the head of this device's chain of the attempt, for the
 * submission; undefined when there is nothing to sign (no chain on this device, no passkey of
 * the student's: the server answers null options) or the ceremony did not sign.
 */
export async function submissionSignature(
  uid: number,
  attemptId: number,
): Promise<TestingSubmitBody['passkey']> {
  const device = chainDeviceOf(uid, attemptId);
  if (!device || typeof PublicKeyCredential === 'undefined') return undefined;
  const options = await getSignOptions({ attemptId, device });
  if (!options) return undefined;
  const { startAuthentication } = await webauthn();
  try {
    const passkey = await startAuthentication({
      optionsJSON: options as Parameters<typeof startAuthentication>[0]['optionsJSON'],
    });
    return passkey as TestingSubmitBody['passkey'];
  } catch {
    // Declined, or no authenticator at hand.
    return undefined;
  }
}
