/** The server the journeys run against, and its identity admin API (loopback, bearer token). */
export const appPort = Number(process.env.E2E_PORT ?? 8181);
export const appUrl = `http://localhost:${appPort}`;
export const identityAdminPort = Number(process.env.E2E_IDENTITY_ADMIN_PORT ?? 8182);
export const identityAdminToken = 'e2e-identity-admin-token-0123456789abcdef';
