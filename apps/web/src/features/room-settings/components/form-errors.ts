import { ApiError } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify';

/**
 * A refused write: the server's message (already translated) is shown, and its field messages are answered to go
 * under their fields (empty when the refusal is not about a field).
 */
export function fieldErrors(error: unknown): Record<string, string> {
  notifyError(error);
  return error instanceof ApiError && error.errors ? error.errors : {};
}
