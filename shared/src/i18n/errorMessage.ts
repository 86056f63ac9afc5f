import { classifyError, UserError } from '../http/errors.js';
import { i18n } from './i18n.js';
import { UI_NAMESPACE } from './resources/index.js';

/**
 * What to show a user for a failure: a screen's own UserError as it is, the server's own message
 * when it sent one, otherwise a translated sentence for the failure kind (the generic axios
 * messages are for logs).
 */
/**
 * The server's id of a failed request (X-Request-Id), for the error boxes' "Request id: …" line:
 * a user reads it to the support desk, which finds the request in the logs. Undefined for a
 * screen's own UserError and for failures that never reached the server.
 */
export function errorRequestId(err: unknown): string | undefined {
  if (err instanceof UserError) return undefined;
  return classifyError(err).requestId;
}

export function errorMessage(err: unknown): string {
  if (err instanceof UserError) return err.message;
  const error = classifyError(err);
  if (error.serverMessage) return error.serverMessage;
  return i18n.t(`error.kind.${error.kind}`, { ns: UI_NAMESPACE, defaultValue: error.message });
}
