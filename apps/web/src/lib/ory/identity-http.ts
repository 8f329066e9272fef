import type { FlowBody, FlowKind, FlowOf, FlowParams, SubmitAnswerOf } from './flow-kinds.ts';
import type { LogoutFlow, Session } from './types.ts';

/** The identity service answered outside 2xx; its body is left unread for the caller. */
export class IdentityResponseError extends Error {
  constructor(readonly response: Response) {
    super(`the identity service answered ${response.status}`);
    this.name = 'IdentityResponseError';
  }
}

/** The call got no answer at all: offline, refused, or blocked as cross-origin. */
export class IdentityUnreachableError extends Error {
  constructor(cause: unknown) {
    super('the identity service could not be reached', { cause });
    this.name = 'IdentityUnreachableError';
  }
}

type Query = Record<string, string | boolean | undefined>;

/**
 * The public (frontend) API of the identity service, by the HTTP paths Kratos documents, so the app
 * works unchanged against ours or a real Kratos. It sends what the official `@ory/client-fetch` SDK
 * sends: cookies, `Accept: application/json` on every call so that browser flows answer JSON instead
 * of redirecting, and JSON bodies. The SDK itself, about 400 modules of models, would sit in the
 * entry chunk of every route, since the session is checked before any route loads; its types are
 * still the ones used here.
 */
export interface IdentityApi {
  createBrowserFlow<K extends FlowKind>(kind: K, params?: FlowParams): Promise<FlowOf[K]>;
  getFlow<K extends FlowKind>(kind: K, id: string): Promise<FlowOf[K]>;
  updateFlow<K extends FlowKind>(kind: K, id: string, body: FlowBody): Promise<SubmitAnswerOf[K]>;
  toSession(): Promise<Session>;
  /** This identity's other active sessions (Kratos leaves the current one out). */
  listMySessions(): Promise<Session[]>;
  disableMySession(id: string): Promise<void>;
  disableMyOtherSessions(): Promise<void>;
  /** Creates a browser logout flow and submits it with its token. */
  logout(): Promise<void>;
}

/** The identity service at `base` (its public API's root), reached through `fetcher`. */
export function identityHttp(base: string, fetcher: typeof fetch = fetch): IdentityApi {
  async function call(method: 'GET' | 'POST' | 'DELETE', path: string, query: Query = {}, body?: unknown) {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) if (value !== undefined) search.set(name, String(value));
    const url = search.toString() ? `${base}${path}?${search}` : `${base}${path}`;
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    let response: Response;
    try {
      response = await fetcher(url, {
        method,
        headers,
        credentials: 'include',
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      throw new IdentityUnreachableError(error);
    }
    if (!response.ok) throw new IdentityResponseError(response);
    return response;
  }

  const json = async <T>(answer: Promise<Response>) => (await (await answer).json()) as T;

  return {
    createBrowserFlow: (kind, { returnTo, aal, refresh } = {}) =>
      json(
        call(
          'GET',
          `/self-service/${kind}/browser`,
          kind === 'login' ? { refresh, aal, return_to: returnTo } : { return_to: returnTo },
        ),
      ),
    getFlow: (kind, id) => json(call('GET', `/self-service/${kind}/flows`, { id })),
    updateFlow: (kind, id, body) => json(call('POST', `/self-service/${kind}`, { flow: id }, body)),
    toSession: () => json(call('GET', '/sessions/whoami')),
    listMySessions: () => json(call('GET', '/sessions')),
    disableMySession: async (id) => {
      await call('DELETE', `/sessions/${encodeURIComponent(id)}`);
    },
    disableMyOtherSessions: async () => {
      await call('DELETE', '/sessions');
    },
    logout: async () => {
      const flow = await json<LogoutFlow>(call('GET', '/self-service/logout/browser'));
      await call('GET', '/self-service/logout', { token: flow.logout_token });
    },
  };
}
