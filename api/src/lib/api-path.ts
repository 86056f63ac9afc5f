import type { FastifyRequest } from 'fastify';

/** Is this URL under the API's prefix (`/lms/api`)? */
export function isApiPath(url: string): boolean {
  return url === '/lms/api' || url.startsWith('/lms/api/') || url.startsWith('/lms/api?');
}

/**
 * Is this request for an API route? Decided on the route the router matched (the router decodes
 * the path: `/lms/%61pi/...` is an API route), never on the raw URL; a request that matched no
 * route is judged on its decoded, normalised path.
 */
export function isApiRequest(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  return isApiPath(route ?? normalisedPath(request.url));
}

function normalisedPath(url: string): string {
  let path = url.split('?')[0] ?? '';
  // Decode repeatedly (double encoding), then fold '//' and '/./' as a router would.
  for (let round = 0; round < 3; round++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      break;
    }
    if (decoded === path) break;
    path = decoded;
  }
  return path.replace(/\/{2,}/g, '/').replace(/\/(\.\/)+/g, '/');
}
