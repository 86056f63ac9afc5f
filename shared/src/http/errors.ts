import axios, { AxiosError } from 'axios';

/** The failure kinds of spec §8, decided once here so every app reacts to failures alike. */
export type ErrorKind =
  | 'CLIENT_ERROR'
  | 'SERVER_ERROR'
  | 'TIMEOUT_ERROR'
  | 'CONNECTION_ERROR'
  | 'NETWORK_ERROR'
  | 'UNKNOWN_ERROR'
  | 'CANCEL_ERROR';

interface ApiErrorDetails {
  status?: number;
  serverMessage?: string;
  /** The server's id of the request (its X-Request-Id), which the support desk finds in the log. */
  requestId?: string;
  cause?: unknown;
}

/**
 * Every failed API call rejects with this. `message` is the server's `error` text when it sent
 * one, otherwise the generic axios-style message ('Request failed with status code 404', ...).
 */
export class ApiError extends Error {
  readonly kind: ErrorKind;
  readonly status?: number;
  readonly serverMessage?: string;
  /** The server's id of the failed request, when it answered (shown in the error boxes). */
  readonly requestId?: string;

  constructor(kind: ErrorKind, message: string, details: ApiErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'ApiError';
    this.kind = kind;
    if (details.status !== undefined) this.status = details.status;
    if (details.serverMessage !== undefined) this.serverMessage = details.serverMessage;
    if (details.requestId !== undefined) this.requestId = details.requestId;
  }
}

/**
 * A failure a screen describes itself, already in the user's language ("the location is turned
 * off"): `errorMessage` and the error states show its message as it is, where any other error
 * that is not the API's is only "Unknown error" (its message is for the log).
 */
export class UserError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'UserError';
  }
}

export const CANCEL_MESSAGE = 'Request aborted';
export const NETWORK_MESSAGE = 'Network Error';

export const statusMessage = (status: number): string =>
  `Request failed with status code ${status}`;

/** Node's socket codes: the server cannot be reached although the request left this machine. */
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);

export function kindOfStatus(status: number): ErrorKind {
  if (status >= 400 && status <= 499) return 'CLIENT_ERROR';
  if (status >= 500 && status <= 599) return 'SERVER_ERROR';
  return 'UNKNOWN_ERROR';
}

/** The `error` text of an envelope body, if the body is one and carries a non-empty text. */
export function envelopeErrorText(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('error' in body)) return undefined;
  const { error } = body as { error: unknown };
  return typeof error === 'string' && error.trim() !== '' ? error : undefined;
}

/** The X-Request-Id header of an answer (every API answer carries one), if there is one. */
export function requestIdOf(headers: unknown): string | undefined {
  if (typeof headers !== 'object' || headers === null) return undefined;
  const value = (headers as Record<string, unknown>)['x-request-id'];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function timeoutMessage(error: AxiosError): string {
  if (error.message.startsWith('timeout')) return error.message;
  const timeout = error.config?.timeout;
  return timeout ? `timeout of ${timeout}ms exceeded` : 'timeout exceeded';
}

function classifyWithoutResponse(error: AxiosError): ApiError {
  const details = { cause: error };
  switch (error.code) {
    case AxiosError.ETIMEDOUT:
      return new ApiError('TIMEOUT_ERROR', timeoutMessage(error), details);
    case AxiosError.ECONNABORTED:
      // Without clarifyTimeoutError axios reports timeouts with this code too; the message tells.
      return error.message.startsWith('timeout')
        ? new ApiError('TIMEOUT_ERROR', timeoutMessage(error), details)
        : new ApiError('CANCEL_ERROR', CANCEL_MESSAGE, details);
    case AxiosError.ERR_CANCELED:
      return new ApiError('CANCEL_ERROR', CANCEL_MESSAGE, details);
    case AxiosError.ERR_NETWORK:
      return new ApiError('NETWORK_ERROR', NETWORK_MESSAGE, details);
    default:
      if (error.code && CONNECTION_CODES.has(error.code)) {
        return new ApiError('CONNECTION_ERROR', error.message, details);
      }
      return new ApiError('UNKNOWN_ERROR', error.message || 'Unknown error', details);
  }
}

/** Turns anything a request can throw into an ApiError (an ApiError is returned as it is). */
export function classifyError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  if (axios.isCancel(err)) return new ApiError('CANCEL_ERROR', CANCEL_MESSAGE, { cause: err });
  if (axios.isAxiosError(err)) {
    const { response } = err;
    if (!response) return classifyWithoutResponse(err);
    const serverMessage = envelopeErrorText(response.data);
    const requestId = requestIdOf(response.headers);
    return new ApiError(
      kindOfStatus(response.status),
      serverMessage ?? statusMessage(response.status),
      {
        status: response.status,
        ...(serverMessage === undefined ? {} : { serverMessage }),
        ...(requestId === undefined ? {} : { requestId }),
        cause: err,
      },
    );
  }
  const message = err instanceof Error ? err.message : String(err);
  return new ApiError('UNKNOWN_ERROR', message || 'Unknown error', { cause: err });
}
