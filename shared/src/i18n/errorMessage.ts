import { classifyError } from '../http/errors.js';
import { i18n } from './i18n.js';
import { UI_NAMESPACE } from './resources/index.js';

/**
 * What to show a user for a failed call: the server's own message when it sent one, otherwise
 * a translated sentence for the failure kind (the generic axios messages are for logs).
 */
export function errorMessage(err: unknown): string {
  const error = classifyError(err);
  if (error.serverMessage) return error.serverMessage;
  return i18n.t(`error.kind.${error.kind}`, { ns: UI_NAMESPACE, defaultValue: error.message });
}
