import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The device cookie: one device checks in one student per lesson (it outlives sign-out). */
export const DEVICE_COOKIE = 'lms_qr_device';
const DEVICE_COOKIE_MAX_AGE_S = 400 * 24 * 3600;

/** The device's hash; a device without the cookie gets one now. */
export function deviceHashOf(
  request: FastifyRequest,
  reply: FastifyReply,
  secureCookies: boolean,
): string {
  let device = request.cookies[DEVICE_COOKIE];
  if (!device || !/^[A-Za-z0-9_-]{24,64}$/.test(device)) {
    device = randomBytes(24).toString('base64url');
    reply.setCookie(DEVICE_COOKIE, device, {
      path: '/lms',
      httpOnly: true,
      sameSite: 'lax',
      secure: secureCookies,
      maxAge: DEVICE_COOKIE_MAX_AGE_S,
    });
  }
  return createHash('sha256').update(`device:${device}`).digest('base64url');
}
