import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IdentityRuntime } from '../runtime.ts';
import { errors, KratosError } from '../http/errors.ts';
import { csrfViolation } from '../http/csrf.ts';
import { asKratosError, sendError, withQuery } from '../http/respond.ts';
import { csrfTokenOf } from '../session/manager.ts';
import { isExpired, skipsCsrfCheck, type Flow } from './flow.ts';
import { isUuid, queryOf, type FlowDescriptor } from './pipeline.ts';

export type FlowAccessCheck = (request: FastifyRequest, flow: Flow) => Promise<void>;

/**
 * `GET /self-service/<kind>/flows?id=`: 404 for an unknown id, 403 when a browser flow was made
 * for another anti-CSRF cookie, 410 (pointing at a new init) once expired.
 */
export function registerGetFlow(
  app: FastifyInstance,
  rt: IdentityRuntime,
  descriptor: FlowDescriptor,
  options: { check?: FlowAccessCheck; expiredWithoutId?: boolean } = {},
): void {
  app.get(`/self-service/${descriptor.kind}/flows`, async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      const id = queryOf(request).id;
      const flow = isUuid(id) ? await rt.flows.find(descriptor.kind, id) : undefined;
      if (!flow) throw errors.notFound();
      if (flow.type === 'browser' && !skipsCsrfCheck(flow) && csrfTokenOf(rt, request) !== flow.csrfToken)
        throw csrfViolation(request, rt.cookieNames.csrf, undefined);
      await options.check?.(request, flow);
      if (isExpired(flow, rt.now())) {
        const redirectTo = withQuery(`${rt.config.publicBaseUrl}/self-service/${descriptor.kind}/browser`, {
          return_to: flow.returnTo ?? undefined,
        });
        throw new KratosError(410, {
          ...(options.expiredWithoutId ? {} : { id: 'self_service_flow_expired' }),
          message: 'self-service flow expired',
          reason: 'The flow has expired. Call the initialization endpoint to get a new flow.',
          details: { redirect_to: redirectTo, return_to: flow.returnTo ?? '' },
        });
      }
      return reply.send(await descriptor.toJson(rt, flow));
    } catch (error) {
      return sendError(reply, asKratosError(rt, error));
    }
  });
}
