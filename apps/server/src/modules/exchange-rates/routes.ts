import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ExchangeRateQuotes, ExchangeRatesQuery } from '@pool/contract/money';
import { ErrorBody } from '@pool/contract/errors';
import type { ExchangeRateProxy } from './exchange-rates.ts';

export const exchangeRateRoutes: FastifyPluginAsyncZod<{ proxy: ExchangeRateProxy }> = async (app, { proxy }) => {
  app.get(
    '/exchange-rates',
    {
      config: { policy: { caller: 'anyone' } },
      schema: {
        tags: ['money'],
        summary: 'Bitcoin prices the server last read from its upstream (spec 7); null when unknown',
        querystring: ExchangeRatesQuery,
        response: { 200: ExchangeRateQuotes, 400: ErrorBody },
      },
    },
    async (request) => proxy.quotes(request.query.symbols),
  );
};
