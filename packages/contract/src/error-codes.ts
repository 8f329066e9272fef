/** The error format of the architecture note, without zod (the web app's API client is on every screen). */

/** Error codes of spec 8 and of the transport (architecture note, "Data"). */
export const errorCodes = [
  'access_denied',
  'not_found',
  'additional_authentication_required',
  'transaction_already_refunded',
  'payout_already_processed',
  'reward_already_processed',
  'promocode_already_exists',
  'no_users_found',
  'miner_already_exists',
  'name_taken',
  'unauthorized',
  'validation_failed',
  'rate_limited',
  'conflict',
  'internal_error',
  'service_unavailable',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export interface FieldError {
  field: string;
  text: string;
}

export interface ErrorBody {
  error: { code: ErrorCode; message: string; fields?: FieldError[] | undefined };
}

/** The English message of each code, as the spec words it where it does. */
export const errorMessages: Record<ErrorCode, string> = {
  access_denied: 'Access denied',
  not_found: 'Not found',
  additional_authentication_required: 'Additional authentication required',
  transaction_already_refunded: 'Transaction already refunded',
  payout_already_processed: 'Payout already processed',
  reward_already_processed: 'Reward already processed',
  promocode_already_exists: 'Promo code with this name already exists',
  no_users_found: 'No users from the provided list were found',
  miner_already_exists: 'Miner already exists',
  name_taken: 'This name is taken',
  unauthorized: 'Unauthorized',
  validation_failed: 'Invalid input',
  rate_limited: 'Too many requests',
  conflict: 'Conflict',
  internal_error: 'Something went wrong',
  service_unavailable: 'Service unavailable',
};

/** The same check as the `ErrorBody` schema. */
export function isErrorBody(value: unknown): value is ErrorBody {
  const error = (value as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  return typeof error?.message === 'string' && (errorCodes as readonly unknown[]).includes(error.code);
}
