/** Reads one cookie of the page; null when absent or when there is no document (tests, workers). */
export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    if (part.slice(0, separator).trim() !== name) continue;
    const raw = part.slice(separator + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

export interface CookieOptions {
  maxAgeSeconds: number;
  path?: string;
}

export function writeCookie(
  name: string,
  value: string,
  { maxAgeSeconds, path = '/' }: CookieOptions,
) {
  if (typeof document === 'undefined') return;
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds}; Path=${path}; SameSite=Lax`;
}
