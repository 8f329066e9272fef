import type { FastifyRequest } from 'fastify';
import type { IdentityRuntime } from '../runtime.ts';
import { errors } from '../http/errors.ts';
import { sessionFromRequest, type ActiveSession } from '../session/manager.ts';
import type { FlowType } from './flow.ts';

/** API (native) flows refuse what only browsers send: an Origin header or cookies (Cloudflare's aside). */
export function rejectBrowserArtifacts(request: FastifyRequest): void {
  const cookies = Object.keys(request.cookies).filter((name) => !/^(__cf|_cf|cf_)/.test(name));
  if (request.headers.origin || cookies.length)
    throw errors.badRequest(
      'This endpoint is for native (API) clients: the request must not carry cookies or an Origin header. Use the browser endpoint instead.',
    );
}

/** Browser flows read the session cookie; API flows only the session token header. */
export async function sessionForFlowType(
  rt: IdentityRuntime,
  request: FastifyRequest,
  type: FlowType,
): Promise<ActiveSession | undefined> {
  if (type === 'api' && !request.headers['x-session-token'] && !request.headers.authorization) return undefined;
  return sessionFromRequest(rt, request);
}
