import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
// The WebAuthn library is loaded when a ceremony starts, not with the screen.
const webauthn = () => import('@simplewebauthn/browser');
import {
  postEndpoint,
  SCHEDULE_API,
  STATEMENTS_API,
  useSession,
  type PasskeyRegisterBody,
  type StatementSignBody,
} from '@lms/shared';

// The teacher signs a statement with their passkey: the QR check-in's passkeys (qr/passkeys/*),
// registered by the same ceremony, and the statement's own signing challenge (it names the
// statement and the digest of the content the teacher sees).

const listPasskeys = postEndpoint(SCHEDULE_API.passkeys);
const getPasskeyOptions = postEndpoint(SCHEDULE_API.passkeyOptions);
const registerPasskey = postEndpoint(SCHEDULE_API.passkeyRegister);
const getSignOptions = postEndpoint(STATEMENTS_API.signOptions);

export const passkeyKeys = { mine: (uid: number) => ['statements', uid, 'passkeys'] as const };

/** The caller's registered passkeys, and registering one on this device. */
export function useMyPasskeys() {
  const uid = useSession().user?.uid ?? 0;
  const client = useQueryClient();
  const key = passkeyKeys.mine(uid);
  const list = useQuery({ queryKey: key, queryFn: () => listPasskeys({}) });
  const register = useMutation({
    mutationFn: async () => {
      const { startRegistration } = await webauthn();
      // The contract's shape of the options is the WebAuthn JSON the library expects.
      const optionsJSON = (await getPasskeyOptions({})) as Parameters<
        typeof startRegistration
      >[0]['optionsJSON'];
      const response = await startRegistration({ optionsJSON });
      return registerPasskey({ response: response as PasskeyRegisterBody['response'] });
    },
    onSuccess: (data) => client.setQueryData(key, data),
  });
  return { list, register };
}

/** The passkey's assertion of the signing challenge for this statement and digest. */
export async function passkeySignature(id: number, digest: string): Promise<StatementSignBody> {
  const { startAuthentication } = await webauthn();
  const optionsJSON = (await getSignOptions({ id, digest })) as Parameters<
    typeof startAuthentication
  >[0]['optionsJSON'];
  const passkey = await startAuthentication({ optionsJSON });
  return { id, digest, passkey: passkey as StatementSignBody['passkey'] };
}
