import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorMessages, type ErrorBody, type ErrorCode, type FieldError } from '@pool/contract/errors';

const statusOf: Partial<Record<ErrorCode, number>> = {
  access_denied: 403,
  additional_authentication_required: 403,
  not_found: 404,
  unauthorized: 401,
  validation_failed: 400,
  rate_limited: 429,
  conflict: 409,
  transaction_already_refunded: 409,
  payout_already_processed: 409,
  reward_already_processed: 409,
  promocode_already_exists: 409,
  miner_already_exists: 409,
  name_taken: 409,
  no_users_found: 404,
  service_unavailable: 503,
  internal_error: 500,
};

/** A failure a handler means to report; anything else thrown becomes `internal_error`. */
export class HttpError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields: FieldError[] | undefined;

  constructor(code: ErrorCode, options: { message?: string; fields?: FieldError[]; status?: number } = {}) {
    super(options.message ?? errorMessages[code]);
    this.code = code;
    this.status = options.status ?? statusOf[code] ?? 400;
    this.fields = options.fields;
  }
}

export function errorBody(code: ErrorCode, message = errorMessages[code], fields?: FieldError[]): ErrorBody {
  return { error: fields?.length ? { code, message, fields } : { code, message } };
}

/**
 * Maps every failure to the error format of the architecture note. A failure that becomes
 * `internal_error` is the server's own: it goes to `reportUnhandled` too, when error reporting is on.
 */
export function registerErrorHandling(
  app: FastifyInstance,
  reportUnhandled?: (error: unknown, request: FastifyRequest) => void,
): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof HttpError) {
      return reply.status(error.status).send(errorBody(error.code, error.message, error.fields));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = error.validation.map((issue) => ({
        field: issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || (error.validationContext ?? 'body'),
        text: issue.message ?? errorMessages.validation_failed,
      }));
      return reply.status(400).send(errorBody('validation_failed', errorMessages.validation_failed, fields));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.status(429).send(errorBody('rate_limited'));
    if (status === 404) return reply.status(404).send(errorBody('not_found'));
    if (status === 403) return reply.status(403).send(errorBody('access_denied'));
    if (status >= 400 && status < 500) {
      return reply.status(status).send(errorBody('validation_failed', error.message));
    }
    request.log.error({ err: error }, 'request failed');
    reportUnhandled?.(error, request);
    return reply.status(500).send(errorBody('internal_error'));
  });
}

export function sendNotFound(_request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply.status(404).send(errorBody('not_found'));
}
