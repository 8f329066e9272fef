import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IdentityRuntime } from '../runtime.ts';
import { errors, KratosError } from './errors.ts';
import { acceptsJson, isJsonRequest } from './negotiate.ts';

export function asKratosError(rt: IdentityRuntime, error: unknown): KratosError {
  if (error instanceof KratosError) return error;
  rt.logger.error({ err: error }, 'identity service error');
  return errors.internal();
}

export function sendError(reply: FastifyReply, error: KratosError): FastifyReply {
  for (const [name, value] of Object.entries(error.headers)) void reply.header(name, value);
  if (error.id) void reply.header('ory-error-id', error.id);
  return reply.code(error.code).type('application/json; charset=utf-8').send(error.toJSON());
}

export function redirect(reply: FastifyReply, to: string): FastifyReply {
  return reply.code(303).header('location', to).send();
}

/**
 * Kratos's error manager: JSON requests get the error; browsers are sent to the error UI with the
 * id of a stored error (`GET /self-service/errors?id=`).
 */
export async function forwardError(
  rt: IdentityRuntime,
  request: FastifyRequest,
  reply: FastifyReply,
  error: unknown,
): Promise<FastifyReply> {
  const kratosError = asKratosError(rt, error);
  if (isJsonRequest(request) || acceptsJson(request)) return sendError(reply, kratosError);
  const id = await rt.flowErrors.create(kratosError.body, rt.now());
  return redirect(reply, withQuery(rt.config.ui.error, { id }));
}

export function withQuery(url: string, parameters: Record<string, string | undefined>): string {
  const target = new URL(url);
  for (const [key, value] of Object.entries(parameters)) if (value !== undefined) target.searchParams.set(key, value);
  return target.toString();
}
