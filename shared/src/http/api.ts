import type { AxiosRequestConfig, AxiosResponse } from 'axios';
import { ApiError, classifyError, envelopeErrorText, statusMessage } from './errors.js';
import { http } from './client.js';

function isEnvelope(body: unknown): body is { result: boolean; error: unknown; data: unknown } {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as { result?: unknown }).result === 'boolean' &&
    'data' in body
  );
}

/** The envelope's `data` on success; `result: true` (failure) becomes an ApiError. */
export function unwrapEnvelope<T>(response: AxiosResponse<unknown>): T {
  const body = response.data;
  if (!isEnvelope(body)) {
    // An HTML page or a bare value means the path is not an API call (or a proxy answered).
    throw new ApiError('UNKNOWN_ERROR', 'Unexpected response format', { status: response.status });
  }
  if (body.result) {
    const serverMessage = envelopeErrorText(body);
    // The server refused the request although HTTP said 2xx: a rejection of the request itself.
    throw new ApiError('CLIENT_ERROR', serverMessage ?? statusMessage(response.status), {
      status: response.status,
      ...(serverMessage === undefined ? {} : { serverMessage }),
    });
  }
  return body.data as T;
}

/** GET `/lms<path>` (path like '/api/misc/years.json'); resolves to the envelope's data. */
export async function apiGet<T>(
  path: string,
  params?: Record<string, unknown>,
  config?: AxiosRequestConfig,
): Promise<T> {
  try {
    return unwrapEnvelope<T>(await http.get<unknown>(path, { ...config, params }));
  } catch (err) {
    throw classifyError(err);
  }
}

/** POST `/lms<path>` with a JSON (or FormData) body; resolves to the envelope's data. */
export async function apiPost<T>(
  path: string,
  body?: unknown,
  config?: AxiosRequestConfig,
): Promise<T> {
  try {
    return unwrapEnvelope<T>(await http.post<unknown>(path, body ?? {}, config));
  } catch (err) {
    throw classifyError(err);
  }
}
