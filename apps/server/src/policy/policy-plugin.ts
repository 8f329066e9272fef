import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { paths } from '@pool/contract/paths';
import { managingRoles, sectionAllowed } from '@pool/contract/access';
import type { Role } from '@pool/contract/accounts';
import { HttpError } from '../http/errors.ts';
import type { IdentityPublicClient, IdentitySession } from '../identity-client/session.ts';
import type { WatcherGrant } from '../modules/watchers/repository.ts';
import type { Caller } from './caller.ts';
import type { AccountAccess, Grant } from './account-access.ts';
import type { AccountSource, RoutePolicy } from './route-policy.ts';
import { grantAdmits } from './grant-rules.ts';
import { personRows } from './person-rows.ts';
import { passesStepUp } from './step-up.ts';

export interface PolicyOptions {
  identity: IdentityPublicClient;
  access: Pick<AccountAccess, 'grantsOn'>;
  /** The product's users: every person admitted gets their row here before a handler runs. */
  users: { ensure(userId: string, email: string): Promise<void> };
  watchers: {
    byToken(token: string): Promise<WatcherGrant | undefined>;
    minerOf(watcherId: string): Promise<string | undefined>;
  };
  /** The person's role on the platform of the pool served, for platform routes (none: refused). */
  platform?: { roleOf(userId: string): Promise<Role | undefined>; poolId?: string };
  /** Finds the miner a worker belongs to, for routes that name a worker. */
  workers?: { minerOf(workerId: string): Promise<string | undefined> };
  /** Finds the miner a payout wallet belongs to, for routes that name a wallet. */
  wallets?: { minerOf(walletId: string): Promise<string | undefined> };
  /** Told of every person admitted, with their session (the sign-in-from-a-new-device notice). */
  sessions?: { seen(userId: string, session: IdentitySession, request: FastifyRequest): Promise<void> };
  now?: () => Date;
  /** How recent the second factor of a critical change must be. */
  stepUpWindowMs?: number;
  /** Filled with every product route and its policy as routes are added (the authorisation matrix reads it). */
  declared?: DeclaredRoute[];
  /**
   * Tests only: a request with `x-policy-probe: 1` that the policy admits is answered 204 before
   * any handler runs, so that an authorisation matrix can call every route without side effects.
   * The step-up rule is not part of the probe; it has tests of its own.
   */
  probe?: boolean;
}

export interface DeclaredRoute {
  method: string;
  url: string;
  policy: RoutePolicy;
}

export const policyProbeHeader = 'x-policy-probe';

export const watcherTokenHeader = 'x-watcher-token';
/** Event streams only: EventSource cannot send the header. */
export const watcherTokenQuery = 'watcher_token';
const anonymous: Caller = { kind: 'anonymous' };
const readMethods = new Set(['GET', 'HEAD']);
/** Who may move the platform's money out: its managers and its treasurers. */
const treasuryRoles: readonly Role[] = [...managingRoles, 'treasurer'];

/** The one place that decides every product request (architecture note, "Access"). */
export const policyPlugin = fp<PolicyOptions>(
  async (
    app: FastifyInstance,
    {
      identity,
      access,
      users,
      watchers,
      workers,
      wallets,
      platform,
      sessions,
      now = () => new Date(),
      stepUpWindowMs,
      declared,
      probe = false,
    },
  ) => {
    const ensurePerson = personRows(users);
    const callers = new WeakMap<FastifyRequest, Caller>();
    const grants = new WeakMap<FastifyRequest, Grant>();
    app.decorateRequest('caller', {
      getter(this: FastifyRequest) {
        return callers.get(this) ?? anonymous;
      },
    });
    app.decorateRequest('grant', {
      getter(this: FastifyRequest) {
        return grants.get(this);
      },
    });

    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith(`${paths.apiVersion}/`)) return;
      const policy = route.config?.policy;
      if (!policy) throw new Error(`${route.method.toString()} ${route.url} declares no access policy`);
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD') declared?.push({ method, url: route.url, policy });
      }
    });

    /** The accounts a route acts on; an empty string stands for one that cannot be found. */
    async function accountIdsOf(request: FastifyRequest, source: AccountSource): Promise<string[]> {
      const params = request.params as Record<string, string | undefined>;
      if ('param' in source) return [params[source.param] ?? ''];
      if ('bodyField' in source) {
        const value = (request.body as Record<string, unknown> | undefined)?.[source.bodyField];
        return [typeof value === 'string' ? value : ''];
      }
      if ('queryParam' in source) {
        const value = (request.query as Record<string, unknown> | undefined)?.[source.queryParam];
        const ids = (Array.isArray(value) ? value : [value]).map((id) => (typeof id === 'string' ? id : ''));
        return ids.length > 0 ? [...new Set(ids)] : [''];
      }
      if ('workerParam' in source) {
        const miner = await workers?.minerOf(params[source.workerParam] ?? '').catch(() => undefined);
        return [miner ?? ''];
      }
      if ('walletParam' in source) {
        const miner = await wallets?.minerOf(params[source.walletParam] ?? '').catch(() => undefined);
        return [miner ?? ''];
      }
      return [(await watchers.minerOf(params[source.watcherParam] ?? '').catch(() => undefined)) ?? ''];
    }

    /** A watcher reads one miner's sections, and nothing else, ever writes. */
    async function admitWatcher(request: FastifyRequest, policy: RoutePolicy, watcher: WatcherGrant): Promise<void> {
      if (!readMethods.has(request.method) || policy.platform) throw new HttpError('access_denied');
      if (
        policy.account &&
        (policy.account.kind !== 'miner' ||
          !(await accountIdsOf(request, policy.account)).every((id) => id === watcher.minerId))
      ) {
        throw new HttpError('access_denied');
      }
      const grant: Grant = {
        via: 'miner',
        role: 'viewer',
        access: { type: 'other', access: watcher.access },
        totalFeeHide: false,
      };
      if (policy.section && !sectionAllowed(grant.access, policy.section)) throw new HttpError('access_denied');
      grants.set(request, grant);
    }

    /** Whether a route that admits the platform's managers acts on the pool served, and the person manages its platform. */
    async function platformManagerOf(policy: RoutePolicy, kind: string, id: string, userId: string): Promise<boolean> {
      if (!policy.platformManagers || kind !== 'pool' || !platform?.poolId || id !== platform.poolId) return false;
      const role = await platform.roleOf(userId);
      return role !== undefined && managingRoles.includes(role);
    }

    // Who is calling is settled before the body is read; what they may do on an account, after,
    // because some routes name their account in the body.
    const identify = async (request: FastifyRequest): Promise<void> => {
      const policy = request.routeOptions.config.policy;
      if (!policy) return;
      const token =
        request.headers[watcherTokenHeader] ??
        (policy.watcherTokenInQuery ? (request.query as Record<string, unknown>)[watcherTokenQuery] : undefined);
      if (policy.caller === 'person-or-watcher' && typeof token === 'string') {
        const watcher = await watchers.byToken(token);
        if (!watcher) throw new HttpError('unauthorized');
        callers.set(request, { kind: 'watcher', watcher });
        return;
      }
      const whoami = await identity.whoami(request.headers.cookie);
      if (whoami.status === 'active') {
        const { session } = whoami;
        callers.set(request, {
          kind: 'person',
          session,
          userId: session.identity.id,
          email: session.identity.traits.email,
          verifiedEmails: (session.identity.verifiable_addresses ?? [])
            .filter((address) => address.verified)
            .map((address) => address.value.trim().toLowerCase()),
        });
      }
      if (policy.caller === 'anyone') return;
      if (whoami.status !== 'active') throw new HttpError('unauthorized');
    };
    app.addHook('onRequest', identify);

    const admit = async (request: FastifyRequest, reply: FastifyReply) => {
      const policy = request.routeOptions.config.policy;
      const caller = callers.get(request) ?? anonymous;
      const probing = probe && request.headers[policyProbeHeader] === '1';
      if (!policy) return;
      if (policy.caller === 'anyone') {
        if (probing) return reply.code(204).send();
        return;
      }
      if (caller.kind === 'watcher') {
        await admitWatcher(request, policy, caller.watcher);
        if (probing) return reply.code(204).send();
        return;
      }
      if (caller.kind !== 'person') throw new HttpError('unauthorized');
      const params = request.params as Record<string, string | undefined>;
      if (policy.selfParam && params[policy.selfParam] !== caller.userId) throw new HttpError('access_denied');
      if (policy.platform) {
        const role = await platform?.roleOf(caller.userId);
        if (
          !role ||
          (policy.manage && !managingRoles.includes(role)) ||
          (policy.treasury && !treasuryRoles.includes(role))
        ) {
          throw new HttpError('access_denied');
        }
      }
      if (policy.account) {
        let grant: Grant | undefined;
        const accountIds = await accountIdsOf(request, policy.account);
        // A route that acts on accounts acts on at least one: naming none is never a pass.
        if (accountIds.length === 0) throw new HttpError('access_denied');
        for (const id of accountIds) {
          const kind = policy.account.kind;
          // Any one of the person's permissions that reach the account may admit the call.
          const granted = (await access.grantsOn(caller.userId, { kind, id })).find((candidate) =>
            grantAdmits(candidate, policy, kind),
          );
          if (!granted) {
            if (await platformManagerOf(policy, kind, id, caller.userId)) continue;
            throw new HttpError('access_denied');
          }
          grant ??= granted;
        }
        if (grant) grants.set(request, grant);
      }
      if (probing) return reply.code(204).send();
      if (policy.critical && !passesStepUp(caller.session, now(), stepUpWindowMs)) {
        throw new HttpError('additional_authentication_required');
      }
      // Handlers may then rely on the person's row (their permissions, links and invitations name it).
      await ensurePerson(caller.userId, caller.email);
      await sessions?.seen(caller.userId, caller.session, request);
    };
    app.addHook('preValidation', admit);

    // An event stream stays open for hours: it runs the same policy again while it lasts, so a
    // deleted watcher, a removed member or an ended session stops it (finding 11).
    app.decorateReply('reauthorize', async function (this: FastifyReply): Promise<void> {
      callers.delete(this.request);
      grants.delete(this.request);
      await identify(this.request);
      await admit(this.request, this);
    });
  },
  { name: 'policy' },
);

declare module 'fastify' {
  interface FastifyReply {
    /** Runs the route's policy again for a request still open; throws as the first run would have. */
    reauthorize(): Promise<void>;
  }
}
