import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '@pool/contract/errors';
import {
  EndVirtualMiningContractBody,
  VirtualMiningContract,
  VirtualMiningContractBody,
  VirtualMiningContractPage,
  VirtualMiningContractQuery,
} from '@pool/contract/sharing';
import type { RoutePolicy } from '../../../policy/route-policy.ts';
import type { VirtualMiningService } from './service.ts';

export interface VirtualMiningRoutesOptions {
  contracts: VirtualMiningService;
}

const refusals = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const PoolParams = z.object({ id: z.uuid() });
const ContractParams = z.object({ id: z.uuid(), contract_id: z.uuid() });

/**
 * Only the pool's own roles reach these (an account of the pool kind): its staff read them in the
 * Transfers section (spec 3 section_virtual_mining_read), and only its managing roles (admin, owner)
 * create and end them, with a fresh second factor.
 */
const contractsRead: RoutePolicy = { caller: 'person', account: { kind: 'pool', param: 'id' }, section: 'Transfers' };
const contractsChange: RoutePolicy = { ...contractsRead, manage: true, critical: true };

/** Issue 15: the pool's virtual-mining contracts (spec 2 /transfers, "the customer screens of the pool"). */
export const virtualMiningRoutes: FastifyPluginAsyncZod<VirtualMiningRoutesOptions> = async (app, { contracts }) => {
  app.get(
    '/pools/:id/virtual-mining/contracts',
    {
      config: { policy: contractsRead },
      schema: {
        tags: ['sharing'],
        summary: 'The pool’s virtual-mining contracts, or those one miner gives or receives under; newest start first',
        params: PoolParams,
        querystring: VirtualMiningContractQuery,
        response: { 200: VirtualMiningContractPage, ...refusals },
      },
    },
    async (request) => {
      const { miner_id, page, per_page } = request.query;
      const found = await contracts.list(request.params.id, { minerId: miner_id, page, perPage: per_page });
      return { ...found, page, per_page };
    },
  );

  app.post(
    '/pools/:id/virtual-mining/contracts',
    {
      config: { policy: contractsChange },
      schema: {
        tags: ['sharing'],
        summary:
          'Creates a contract: the recipient’s boundary worker gets a share or a fixed hashrate of the donor from its start (pool admins; step-up)',
        params: PoolParams,
        body: VirtualMiningContractBody,
        response: { 201: VirtualMiningContract, ...refusals },
      },
    },
    async (request, reply) => reply.code(201).send(await contracts.create(request.params.id, request.body)),
  );

  app.post(
    '/pools/:id/virtual-mining/contracts/:contract_id/end',
    {
      config: { policy: contractsChange },
      schema: {
        tags: ['sharing'],
        summary: 'Ends a contract now or at a later moment before its end (pool admins; step-up)',
        params: ContractParams,
        body: EndVirtualMiningContractBody,
        response: { 200: VirtualMiningContract, ...refusals },
      },
    },
    async (request) => contracts.end(request.params.id, request.params.contract_id, request.body),
  );
};
