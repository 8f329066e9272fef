import type { Section } from '@pool/contract/access';

/**
 * What a product route declares about who may call it; the policy plugin enforces it before any
 * handler runs, so no handler checks access by hand. Every route under the product prefix must
 * declare one: the server refuses to start otherwise.
 */
export interface RoutePolicy {
  /**
   * `anyone`: no session needed. `person`: a signed-in identity session. `person-or-watcher`: also
   * a watcher link's token in the X-Watcher-Token header, for reads of the watcher's own miner.
   */
  readonly caller: 'anyone' | 'person' | 'person-or-watcher';
  /** The path parameter that names a user; it must be the caller's own id. */
  readonly selfParam?: string;
  /** The account the call acts on; the caller needs a grant on it. */
  readonly account?: AccountSource;
  /** The section of that account the call reads or changes (spec 5 route guards). */
  readonly section?: Section;
  /**
   * Changes the account itself (settings, access): needs a managing role (admin or owner) on the
   * permission that reaches it, a pool permission included.
   */
  readonly manage?: boolean;
  /**
   * Only pool staff: the grant must come through a permission on the pool (a miner's own owner or
   * its operator may not), as for setting a miner's fee.
   */
  readonly poolStaff?: boolean;
  /**
   * Closes the account: only its owner, or pool staff with a managing role. An invited admin, or
   * an admin of the operator that manages the account, may not.
   */
  readonly ownerOnly?: boolean;
  /**
   * A platform route (rates, unallocated funds, reward runs): only people with a permission on the
   * platform of the pool served; with `manage`, a managing role (admin or owner) there. No account
   * role, pool staff included, reaches it, and no watcher.
   */
  readonly platform?: boolean;
  /**
   * A platform route that moves money out (payout requests, batches): a platform role of admin,
   * owner or treasurer.
   */
  readonly treasury?: boolean;
  /**
   * With a pool account: the managing roles (admin, owner) on the platform of the pool served are
   * admitted too, when the pool is the one served (spec 6 "Pool users": pool staff and platform admins).
   */
  readonly platformManagers?: boolean;
  /** A critical change (spec 6): needs the step-up rule. */
  readonly critical?: boolean;
  /**
   * Also take a watcher's token from the `watcher_token` query parameter: only for event streams,
   * because a browser's EventSource cannot set headers.
   */
  readonly watcherTokenInQuery?: boolean;
}

/**
 * Where a route's account id comes from: a path parameter, a field of the JSON body, the miner
 * of the watcher, of the worker or of the wallet a path parameter names, or a repeated query parameter naming
 * several miners (`?id=a&id=b`), every one of which the caller needs a grant on.
 */
export type AccountSource =
  | { readonly kind: 'miner' | 'operator' | 'pool'; readonly param: string }
  | { readonly kind: 'miner'; readonly bodyField: string }
  | { readonly kind: 'miner'; readonly watcherParam: string }
  | { readonly kind: 'miner'; readonly workerParam: string }
  | { readonly kind: 'miner'; readonly walletParam: string }
  | { readonly kind: 'miner'; readonly queryParam: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    policy?: RoutePolicy;
  }
}
