import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, registerErrorHandling, sendNotFound } from './errors.ts';

async function appWithRoutes() {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  app.setNotFoundHandler(sendNotFound);
  app.post(
    '/names',
    { schema: { body: z.object({ name: z.string().regex(/^[a-z0-9_]+$/, 'match invalid') }) } },
    async () => ({ ok: true }),
  );
  app.get('/taken', async () => {
    throw new HttpError('name_taken', { fields: [{ field: 'name', text: 'This name is taken' }] });
  });
  app.get('/crash', async () => {
    throw new Error('database exploded with secret details');
  });
  await app.ready();
  return app;
}

describe('error format', () => {
  it('answers an unknown route with 404 not_found', async () => {
    const app = await appWithRoutes();
    const response = await app.inject({ url: '/nowhere' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'not_found', message: 'Not found' } });
  });

  it('lists invalid body fields by name under validation_failed', async () => {
    const app = await appWithRoutes();
    const response = await app.inject({ method: 'POST', url: '/names', payload: { name: 'Bad Name' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: {
        code: 'validation_failed',
        message: 'Invalid input',
        fields: [{ field: 'name', text: 'match invalid' }],
      },
    });
  });

  it('keeps the code, status and fields of an HttpError', async () => {
    const app = await appWithRoutes();
    const response = await app.inject({ url: '/taken' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: {
        code: 'name_taken',
        message: 'This name is taken',
        fields: [{ field: 'name', text: 'This name is taken' }],
      },
    });
  });

  it('hides the details of an unexpected failure', async () => {
    const app = await appWithRoutes();
    const response = await app.inject({ url: '/crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: { code: 'internal_error', message: 'Something went wrong' } });
  });
});
