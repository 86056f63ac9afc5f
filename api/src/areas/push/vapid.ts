import { createECDH } from 'node:crypto';
import { dataDirSecret } from '../../lib/secret.js';

/** Web Push configuration (docs/server-conventions.md "Push notifications"). */
export interface PushOptions {
  /**
   * The VAPID key pair (base64url: the 65-byte public point, the 32-byte private scalar):
   * LMS_VAPID_PUBLIC_KEY and LMS_VAPID_PRIVATE_KEY. Without them a private key is made once and
   * kept in <dataDir>/vapid-key, so every process on the data folder signs with the same key.
   */
  publicKey?: string;
  privateKey?: string;
  /** Who the push services may contact about this sender (LMS_VAPID_SUBJECT, mailto: or https:). */
  subject?: string;
  /**
   * Accept push services at plain http:// addresses (LMS_PUSH_PLAIN_HTTP=1): only for a push
   * service inside a trusted network. Browsers' push services are all https://.
   */
  plainHttp?: boolean;
  /**
   * The push services the server may send to (LMS_PUSH_SERVICES, comma-separated origins such as
   * `https://fcm.googleapis.com` or `https://*.push.services.mozilla.com`): the major browsers'
   * by default (endpoint-rules.ts DEFAULT_PUSH_SERVICES). A subscription elsewhere is refused.
   */
  services?: readonly string[];
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/**
 * The configured VAPID keys, or the data folder's (made once, atomically, like other secrets);
 * `fallbackSubject` when LMS_VAPID_SUBJECT is not set (the portal's https origin or a mailto:).
 */
export async function vapidKeys(
  dataDir: string,
  options: PushOptions,
  fallbackSubject: string,
): Promise<VapidKeys> {
  const subject = options.subject ?? fallbackSubject;
  if (options.publicKey && options.privateKey) {
    return { publicKey: options.publicKey, privateKey: options.privateKey, subject };
  }
  if (options.publicKey || options.privateKey) {
    throw new Error(
      'LMS_VAPID_PUBLIC_KEY and LMS_VAPID_PRIVATE_KEY are set together or not at all',
    );
  }
  // 32 random bytes are a valid P-256 private scalar (all but 2^-32 of them are below the group order).
  const secret = Buffer.from(await dataDirSecret(dataDir, 'vapid-key'), 'hex');
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(secret);
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: secret.toString('base64url'),
    subject,
  };
}
