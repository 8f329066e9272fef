import escapeHtml from 'escape-html';
import type { PoolConfig } from '@pool/contract/pool-config';
import { addressOf } from '@pool/contract/pool-config-codes';
import { paths } from '@pool/contract/paths';
import { layoutOfPath } from './page-shell.ts';

/** Kratos's session cookie (`ory_kratos_session`), or Ory Network's (`ory_session_<project>`). */
const sessionCookie = /(?:^|;\s*)ory_(?:kratos_)?session\w*=/;

/** Whether the request carries a session, valid or not: only the identity service can tell. */
export const hasSessionCookie = (cookieHeader: string | undefined) => sessionCookie.test(cookieHeader ?? '');

const preloadOf = (href: string) =>
  `<link rel="preload" href="${escapeHtml(href)}" as="fetch" fetchpriority="low" crossorigin="use-credentials">`;

/** A watcher link's token as the app sends it (base64url); anything else is left to the app to refuse. */
const watcherPath = /^\/watch\/([\w-]+)(?:\/|$)/;

/**
 * The calls a page makes before it can draw anything. Preloaded from the page, they start with the
 * page instead of one after the other behind 146 KB of script, and the app's own `fetch` takes
 * their answers (same address, credentials and destination).
 * - A signed-in page of the app's own layout: the session check, then the person's identity (spec
 *   2's entry order). Only with a session cookie: a visitor's page would fetch an identity it is
 *   refused and never reads.
 * - A watcher link's page: the link's check, which names the miner whose figures the page asks.
 *
 * At low priority, as the scripts: at High, Lighthouse's phone scheduled them before the scripts
 * and drew the page later (mobile score on / 63-68 against 66-70 without them; at low, 63-70).
 */
export function firstCallPreloads(path: string, config: PoolConfig, cookieHeader: string | undefined): string {
  const watcherToken = watcherPath.exec(path)?.[1];
  if (watcherToken) return preloadOf(`${paths.apiVersion}/watchers/${watcherToken}`);
  if (layoutOfPath(path) !== 'app' || !hasSessionCookie(cookieHeader)) return '';
  const identityService = (addressOf(config, 'auth') ?? paths.identity).replace(/\/$/, '');
  return [`${identityService}/sessions/whoami`, `${paths.apiVersion}/identity`].map(preloadOf).join('');
}
