import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '@pool/contract/errors';
import {
  CreateCustomerBody,
  CreateCustomerFeeBody,
  CreatedCustomer,
  CreateSubAccountBody,
  CustomerCurrentFee,
  CustomerDetail,
  CustomerFeeList,
  CustomerListQuery,
  CustomerPage,
  CustomerPaymentsPage,
  CustomerPaymentsQuery,
  CustomerPeople,
  EarnedFromMiner,
  EarnedFromMinerQuery,
  SetTotalFeeHideBody,
  UpdateCustomerBody,
} from '@pool/contract/customers';
import { Fee } from '@pool/contract/money';
import { personOf } from '../../policy/caller.ts';
import type { RoutePolicy } from '../../policy/route-policy.ts';
import type { CustomerService } from './service.ts';

export interface CustomerRoutesOptions {
  customers: CustomerService;
}

const refusals = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const IdParams = z.object({ id: z.uuid() });
const CustomerParams = z.object({ id: z.uuid(), miner_id: z.uuid() });
const PersonParams = z.object({ id: z.uuid(), miner_id: z.uuid(), permission_id: z.uuid() });

const scopes = [
  { segment: 'operators', kind: 'operator' },
  { segment: 'pools', kind: 'pool' },
] as const;

/**
 * The customer area (issue 16, spec 7): `{operators|pools}/{id}/miners`, an operator's fees of its
 * customers, earned-from-miner and sub-accounts. Reads need a role on the operator or pool (mining
 * and money figures each by their section); changes a managing role; fees are critical changes.
 */
export const customerRoutes: FastifyPluginAsyncZod<CustomerRoutesOptions> = async (app, { customers }) => {
  for (const { segment, kind } of scopes) {
    const read: RoutePolicy = { caller: 'person', account: { kind, param: 'id' } };
    const change: RoutePolicy = { ...read, manage: true };
    const money: RoutePolicy = { ...read, section: 'Payments' };

    app.get(
      `/${segment}/:id/miners`,
      {
        config: { policy: read },
        schema: {
          tags: ['customers'],
          summary: `The ${kind}'s customers: paged, searchable by account name, sortable, with totals`,
          params: IdParams,
          querystring: CustomerListQuery,
          response: { 200: CustomerPage, ...refusals },
        },
      },
      async (request) => customers.list({ kind, id: request.params.id }, request.query, request.grant),
    );

    app.post(
      `/${segment}/:id/miners`,
      {
        config: { policy: change },
        schema: {
          tags: ['customers'],
          summary: `Create a customer of the ${kind}; its owner is invited by e-mail`,
          params: IdParams,
          body: CreateCustomerBody,
          response: { 201: CreatedCustomer, ...refusals },
        },
      },
      async (request, reply) => {
        const caller = personOf(request.caller);
        const created = await customers.create({ kind, id: request.params.id }, request.body, caller);
        return reply.code(201).send(created);
      },
    );

    app.get(
      `/${segment}/:id/miners/:miner_id`,
      {
        config: { policy: read },
        schema: {
          tags: ['customers'],
          summary: `One customer of the ${kind}`,
          params: CustomerParams,
          response: { 200: CustomerDetail, ...refusals },
        },
      },
      async (request) => customers.detail({ kind, id: request.params.id }, request.params.miner_id, request.grant),
    );

    app.put(
      `/${segment}/:id/miners/:miner_id`,
      {
        config: { policy: change },
        schema: {
          tags: ['customers'],
          summary: `Change a customer's title and comment`,
          params: CustomerParams,
          body: UpdateCustomerBody,
          response: { 204: z.null(), ...refusals },
        },
      },
      async (request, reply) => {
        await customers.update({ kind, id: request.params.id }, request.params.miner_id, request.body);
        return reply.code(204).send(null);
      },
    );

    app.get(
      `/${segment}/:id/miners/:miner_id/people`,
      {
        config: { policy: { ...read, section: 'AccessControl' } },
        schema: {
          tags: ['customers'],
          summary: `The customer's people with access and their total_fee_hide flag`,
          params: CustomerParams,
          response: { 200: CustomerPeople, ...refusals },
        },
      },
      async (request) => customers.people({ kind, id: request.params.id }, request.params.miner_id),
    );

    app.put(
      `/${segment}/:id/miners/:miner_id/people/:permission_id`,
      {
        config: { policy: { ...change, section: 'AccessControl', critical: true } },
        schema: {
          tags: ['customers'],
          summary: `Hide or show the operator's total fee to one of the customer's people (critical change)`,
          params: PersonParams,
          body: SetTotalFeeHideBody,
          response: { 204: z.null(), ...refusals },
        },
      },
      async (request, reply) => {
        await customers.setTotalFeeHide(
          { kind, id: request.params.id },
          request.params.miner_id,
          request.params.permission_id,
          request.body.total_fee_hide,
        );
        return reply.code(204).send(null);
      },
    );

    app.get(
      `/${segment}/:id/miners/:miner_id/payments`,
      {
        config: { policy: money },
        schema: {
          tags: ['customers'],
          summary: `The customer's payments as it sees them, each reward with the operator's share (the ${kind}'s people only)`,
          params: CustomerParams,
          querystring: CustomerPaymentsQuery,
          response: { 200: CustomerPaymentsPage, ...refusals },
        },
      },
      async (request) => customers.payments({ kind, id: request.params.id }, request.params.miner_id, request.query),
    );

    app.get(
      `/${segment}/:id/earned-from-miner`,
      {
        config: { policy: money },
        schema: {
          tags: ['customers'],
          summary: `What the ${kind} earned from one customer over a period (UTC days, both included)`,
          params: IdParams,
          querystring: EarnedFromMinerQuery,
          response: { 200: EarnedFromMiner, ...refusals },
        },
      },
      async (request) =>
        customers.earnedFromMiner({ kind, id: request.params.id }, request.query.miner_id, request.query),
    );
  }

  const operatorMoney: RoutePolicy = {
    caller: 'person',
    account: { kind: 'operator', param: 'id' },
    section: 'Payments',
  };

  app.get(
    '/operators/:id/miners/:miner_id/fees',
    {
      config: { policy: operatorMoney },
      schema: {
        tags: ['customers'],
        summary: `The operator's fee schedule of its customer, newest start first`,
        params: CustomerParams,
        response: { 200: CustomerFeeList, ...refusals },
      },
    },
    async (request) => customers.fees(request.params.id, request.params.miner_id),
  );

  app.get(
    '/operators/:id/miners/:miner_id/fees/current',
    {
      config: { policy: operatorMoney },
      schema: {
        tags: ['customers'],
        summary: `The customer's fee in force today, and the pool's fee for it`,
        params: CustomerParams,
        response: { 200: CustomerCurrentFee, ...refusals },
      },
    },
    async (request) => customers.currentFee(request.params.id, request.params.miner_id),
  );

  app.post(
    '/operators/:id/miners/:miner_id/fees',
    {
      config: { policy: { ...operatorMoney, manage: true, critical: true } },
      schema: {
        tags: ['customers'],
        summary: `Sets the customer's fee from 00:00 UTC tomorrow (a managing role of the operator; step-up)`,
        params: CustomerParams,
        body: CreateCustomerFeeBody,
        response: { 201: Fee, ...refusals },
      },
    },
    async (request, reply) => {
      const fee = await customers.addFee(
        request.params.id,
        request.params.miner_id,
        request.body,
        personOf(request.caller),
      );
      return reply.code(201).send(fee);
    },
  );

  app.post(
    '/miners/:miner_id/sub-accounts',
    {
      config: { policy: { caller: 'person', account: { kind: 'miner', param: 'miner_id' }, manage: true } },
      schema: {
        tags: ['customers'],
        summary: 'A further miner account of the same owners, under the same operator',
        params: z.object({ miner_id: z.uuid() }),
        body: CreateSubAccountBody,
        response: { 201: CreatedCustomer, ...refusals },
      },
    },
    async (request, reply) => {
      const created = await customers.createSubAccount(request.params.miner_id, request.body, personOf(request.caller));
      return reply.code(201).send(created);
    },
  );
};
