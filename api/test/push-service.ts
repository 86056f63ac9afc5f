import {
  createECDH,
  createDecipheriv,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
  type ECDH,
} from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PushPayload } from '@lms/shared/contract';

/** One browser's subscription as a push service and the browser know it: its keys and inbox. */
export interface Device {
  name: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** Decrypted payloads, in arrival order, with when they arrived (epoch ms). */
  received: { payload: unknown; at: number }[];
  /** The status this device's endpoint answers (201 while the subscription lives, 410 when gone). */
  status: number;
}

interface Held extends Device {
  ecdh: ECDH;
  authSecret: Buffer;
}

function hkdf(ikm: Buffer, salt: Buffer, info: Buffer, length: number): Buffer {
  return Buffer.from(hkdfSync('sha256', ikm, salt, info, length));
}

/** RFC 8291 (aes128gcm, RFC 8188 with one record): the plaintext a push message carries. */
function decrypt(device: Held, body: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const shared = device.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    device.ecdh.getPublicKey(),
    senderKey,
  ]);
  const ikm = hkdf(shared, device.authSecret, keyInfo, 32);
  const key = hkdf(ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = createDecipheriv('aes-128-gcm', key, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end);
}

/** The VAPID header (RFC 8292) checked: a JWT for this origin signed by the key it names. */
function vapidKey(authorization: string | undefined, origin: string): string {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`no VAPID authorization: ${authorization}`);
  const [, token, k] = match as unknown as [string, string, string];
  const [header, claims, signature] = token.split('.') as [string, string, string];
  const point = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('VAPID signature does not verify');
  const { aud, exp } = JSON.parse(Buffer.from(claims, 'base64url').toString()) as {
    aud: string;
    exp: number;
  };
  if (aud !== origin || exp * 1000 < Date.now()) throw new Error(`VAPID claims wrong: ${aud}`);
  return k;
}

/**
 * A push service on this machine (RFC 8030's one call: POST a message to a subscription's
 * endpoint): it holds each device's private key and auth secret, checks the sender's VAPID
 * signature and decrypts what arrives, as the browser would.
 */
export class TestPushService {
  private readonly devices = new Map<string, Held>();
  private server: Server | undefined;
  /** `http://127.0.0.1:<port>`, once started. */
  origin = '';
  /** Refused requests (bad VAPID, undecryptable), which a test expects none of. */
  readonly errors: string[] = [];
  /** The VAPID public keys senders signed with. */
  readonly senderKeys = new Set<string>();

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const device = this.devices.get(request.url ?? '');
        if (!device || request.method !== 'POST') {
          response.writeHead(404).end();
          return;
        }
        if (device.status !== 201) {
          response.writeHead(device.status).end();
          return;
        }
        try {
          if (request.headers['content-encoding'] !== 'aes128gcm') {
            throw new Error(`content-encoding ${request.headers['content-encoding']}`);
          }
          if (!request.headers.ttl) throw new Error('no TTL');
          this.senderKeys.add(vapidKey(request.headers.authorization, this.origin));
          const plain = decrypt(device, Buffer.concat(chunks));
          device.received.push({ payload: JSON.parse(plain.toString('utf8')), at: Date.now() });
          response.writeHead(201).end();
        } catch (error) {
          this.errors.push(String(error));
          response.writeHead(400).end();
        }
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** A new browser subscription: a P-256 key pair and a 16-byte auth secret. */
  device(name: string): Device {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const authSecret = randomBytes(16);
    const path = `/push/${name}-${randomBytes(6).toString('hex')}`;
    const held: Held = {
      name,
      endpoint: `${this.origin}${path}`,
      keys: {
        p256dh: ecdh.getPublicKey().toString('base64url'),
        auth: authSecret.toString('base64url'),
      },
      received: [],
      status: 201,
      ecdh,
      authSecret,
    };
    this.devices.set(path, held);
    return held;
  }

  /** The device made under that name. */
  named(name: string): Device {
    const found = [...this.devices.values()].find((device) => device.name === name);
    if (!found) throw new Error(`no device ${name}`);
    return found;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) =>
      this.server ? this.server.close(() => resolve()) : resolve(),
    );
  }
}

/** Push preferences with only the schedule's kind on (cancelled bookings, webinar reminders). */
/** A device that wants no kind at all: spread it and turn on the kinds a test needs. */
export const NO_KINDS = {
  chat: false,
  orders: false,
  marks: false,
  news: false,
  waitlist: false,
  schedule: false,
  teaching: false,
  allowPreviews: false,
};

export const SCHEDULE_ONLY = { ...NO_KINDS, schedule: true };

/** Waits until a device holds `count` notifications (or five seconds pass); their payloads. */
export async function received(device: Device, count: number): Promise<PushPayload[]> {
  const deadline = Date.now() + 5000;
  while (device.received.length < count && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return device.received.map((r) => r.payload as PushPayload);
}
