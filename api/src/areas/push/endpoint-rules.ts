import { isIP } from 'node:net';

// Where the server may send a push message. A subscription's endpoint is a URL the browser
// gives, but the server is the one that connects there: left open, anyone could make the server
// open connections into its own network (server-side request forgery). So only the push services
// browsers use are accepted, never a private, loopback or link-local address, and the address a
// name resolves to is checked again when the message is sent (a name may be re-pointed).

/**
 * The push services of the major browsers (Chrome and Chromium-based browsers: Firebase Cloud
 * Messaging; Firefox: Mozilla's autopush; Edge: Windows Push Notification Services; Safari:
 * Apple's). `*.` matches one or more labels in front of the rest of the name.
 */
export const DEFAULT_PUSH_SERVICES: readonly string[] = [
  'https://fcm.googleapis.com',
  'https://*.push.services.mozilla.com',
  'https://*.notify.windows.com',
  'https://web.push.apple.com',
  'https://*.push.apple.com',
];

/** Why an endpoint is refused, or null when the server may send to it. */
export type EndpointRefusal = 'scheme' | 'service';

interface ServicePattern {
  protocol: string;
  /** The host name, without a leading `*.`. */
  host: string;
  wildcard: boolean;
  /** '' for the scheme's default port. */
  port: string;
}

function patternOf(service: string): ServicePattern | null {
  const wildcard = /^(https?:\/\/)\*\./.exec(service);
  let url: URL;
  try {
    url = new URL(wildcard ? service.replace('*.', '') : service);
  } catch {
    return null;
  }
  return {
    protocol: url.protocol,
    host: url.hostname,
    wildcard: Boolean(wildcard),
    port: url.port,
  };
}

/** The configured services, each a URL origin (`https://host`, `https://*.host`, `http://ip:port`). */
export function pushServicePatterns(services: readonly string[]): ServicePattern[] {
  return services.map((service) => {
    const pattern = patternOf(service.trim());
    if (!pattern) throw new Error(`"${service}" is not a push service origin (https://host)`);
    return pattern;
  });
}

/** Is the host written as an address rather than a name (after the URL parser's normalising)? */
const isAddressLiteral = (host: string) => isIP(host.replace(/^\[|\]$/g, '')) !== 0;

const isLocalName = (host: string) => host === 'localhost' || host.endsWith('.localhost');

function matches(url: URL, pattern: ServicePattern): boolean {
  if (url.protocol !== pattern.protocol || url.port !== pattern.port) return false;
  if (!pattern.wildcard) return url.hostname === pattern.host;
  return url.hostname.endsWith(`.${pattern.host}`);
}

/**
 * May the server send to this endpoint? Only to a configured push service: a name it lists, or a
 * name under a `*.` pattern. An address written as numbers (127.0.0.1, 2130706433, [::1]) or a
 * local name is accepted only when the configuration lists exactly that origin (a push service
 * inside a trusted network). Plain http:// only when `plainHttp` allows it.
 */
export function endpointRefusal(
  endpoint: string,
  services: readonly ServicePattern[],
  plainHttp: boolean,
): EndpointRefusal | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'service';
  }
  if (url.protocol !== 'https:' && !(plainHttp && url.protocol === 'http:')) return 'scheme';
  if (url.username || url.password) return 'service';
  const pattern = services.find((candidate) => matches(url, candidate));
  if (!pattern) return 'service';
  if (pattern.wildcard && (isAddressLiteral(url.hostname) || isLocalName(url.hostname))) {
    return 'service';
  }
  return null;
}

/**
 * Whether an endpoint's host is one the configuration names as an address or a local name (then
 * it may resolve to a private address); any other host must resolve to a public one.
 */
export function trustedPrivateHost(endpoint: string, services: readonly ServicePattern[]): boolean {
  const url = new URL(endpoint);
  return services.some(
    (pattern) =>
      !pattern.wildcard &&
      matches(url, pattern) &&
      (isAddressLiteral(pattern.host) || isLocalName(pattern.host)),
  );
}

const ipv4 = (address: string) => address.split('.').map(Number);

/**
 * Is an address one a push service on the internet never has: loopback, private, link-local
 * (169.254.169.254, the clouds' metadata service, included), shared (100.64/10), unspecified,
 * multicast or reserved, in IPv4 or IPv6 (IPv4-mapped addresses by their IPv4 part).
 */
export function isNonPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isNonPublicAddress(mapped[1]!);
  if (isIP(address) === 4) {
    const [a, b] = ipv4(address) as [number, number, number, number];
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 192 && b === 0) ||
      (a === 198 && (b === 18 || b === 19)) ||
      a >= 224
    );
  }
  if (isIP(address) === 6) {
    const lower = address.toLowerCase();
    return (
      lower === '::' ||
      lower === '::1' ||
      /^f[cd]/.test(lower) ||
      /^fe[89ab]/.test(lower) ||
      /^ff/.test(lower) ||
      lower.startsWith('64:ff9b:') ||
      lower.startsWith('2001:db8:')
    );
  }
  return true;
}
