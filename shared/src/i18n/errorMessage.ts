import { classifyError, UserError } from '../http/errors.js';
import { i18n } from './i18n.js';
import { UI_NAMESPACE } from './resources/index.js';

/**
 * What to show a user for a failure: a screen's own UserError as it is, the server's own message
 * when it sent one, otherwise a translated sentence for the failure kind (the generic axios
 * messages are for logs).
 */
export function errorMessage(err: unknown): string {
  if (err instanceof UserError) return err.message;
  const error = classifyError(err);
  if (error.serverMessage) return error.serverMessage;
  return i18n.t(`error.kind.${error.kind}`, { ns: UI_NAMESPACE, defaultValue: error.message });
}
