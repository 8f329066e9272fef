/** Public paths of the one origin (architecture note, "One origin"). */
export const paths = {
  api: '/api/backend',
  apiVersion: '/api/backend/v0.1',
  poolConfig: '/v0.1/pools/current',
  locales: '/static/locales',
  version: '/meta/version.json',
  identity: '/identity',
  openapi: '/api/backend/openapi.json',
  apiDocs: '/api/docs',
} as const;

/** Spec 5: the terms agreement (registration, invitations) links to the terms of use, by default the root path. */
export const termsOfUsePath = '/';
