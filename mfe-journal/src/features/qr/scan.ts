import { SCHEDULE_API } from '@lms/shared';
/** What a scan of the lesson's QR gives the scan screen. */
export interface ScannedQr {
  token: string;
  idShed?: number;
  idAud?: number;
}

const positive = (value: string | null) =>
  value && /^[1-9][0-9]{0,9}$/.test(value) ? Number(value) : undefined;

/**
 * The QR's text is the address qr/scan?t=<token>&s=<lesson>&a=<room> (so a phone's camera app can
 * open it); the in-portal scanner reads the same fields from it. Anything else is not ours.
 */
export function parseScannedText(text: string): ScannedQr | null {
  let url: URL;
  try {
    url = new URL(text.trim(), 'http://portal.invalid');
  } catch {
    return null;
  }
  if (!url.pathname.endsWith(SCHEDULE_API.qrScan.path)) return null;
  const token = url.searchParams.get('t');
  if (!token) return null;
  return {
    token,
    idShed: positive(url.searchParams.get('s')),
    idAud: positive(url.searchParams.get('a')),
  };
}

/** What the camera-app route left in the scan screen's fragment: a claim, or why there is none. */
export interface ScanFragment {
  claim?: string;
  error?: string;
  idShed?: number;
  idAud?: number;
}

export function parseFragment(hash: string): ScanFragment {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  return {
    claim: params.get('claim') ?? undefined,
    error: params.get('error') ?? undefined,
    idShed: positive(params.get('s')),
    idAud: positive(params.get('a')),
  };
}

/**
 * How long after an answer the lesson's QR is asked again: when its token rotates, as the
 * server's own clock in that answer says (this device's clock may be wrong or stopped), never
 * later than one rotation and never in a busy loop.
 */
export function nextQrAskMs(answer: { serverTime: number; rotatesAt: number; rotateMs: number }) {
  return Math.min(answer.rotateMs, Math.max(250, answer.rotatesAt - answer.serverTime + 50));
}

/** Whole seconds until `rotatesAt` (server time), given the server's offset from this clock. */
export function secondsLeft(rotatesAt: number, offsetMs: number, now: number): number {
  return Math.max(0, Math.ceil((rotatesAt - (now + offsetMs)) / 1000));
}
