import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { AppTheme } from '@pool/contract/pool-config';
import { Language } from '@pool/contract/languages';
import { bitcoinNetworks, defaultPayoutConfirmations } from '@pool/contract/payout-codes';
import { demoPassword } from '../demo/people.ts';

const flag = z
  .enum(['true', 'false', '1', '0', 'on', 'off', 'yes', 'no'], {
    error: 'must be one of true, false, on, off, yes, no, 1, 0',
  })
  .transform((value) => ['true', '1', 'on', 'yes'].includes(value));

const port = z.coerce
  .number({ error: 'must be a port number' })
  .int('must be a whole number')
  .min(0, 'must be between 0 and 65535')
  .max(65535, 'must be between 0 and 65535');

const legacyOn = ['true', 'on', 'yes'];
const proxyNames = ['loopback', 'linklocal', 'uniquelocal'];

function isProxyAddress(entry: string): boolean {
  if (proxyNames.includes(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * Fastify's `trustProxy`: false, how many proxies stand in front of the server (request.ip is then
 * the address the outermost of them saw), or the proxies' addresses. A blanket `on` would take the
 * left-most X-Forwarded-For value, which the client writes.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value, context): false | number | string[] => {
    const lower = value.toLowerCase();
    if (['false', 'off', 'no', '0'].includes(lower)) return false;
    if (/^\d{1,2}$/.test(lower)) return Number(lower);
    if (legacyOn.includes(lower)) {
      context.addIssue({
        code: 'custom',
        message:
          'give the number of reverse proxies in front of the server (e.g. 1) or their addresses; "on" would trust the X-Forwarded-For a client writes',
      });
      return z.NEVER;
    }
    const entries = lower
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    if (entries.length === 0 || !entries.every(isProxyAddress)) {
      context.addIssue({
        code: 'custom',
        message: 'must be off, a number of proxies (e.g. 1), or a comma-separated list of proxy addresses or CIDRs',
      });
      return z.NEVER;
    }
    return entries;
  });

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' });

/**
 * Every environment variable the server reads, with its default. The README's configuration table
 * is written from this list; keep the two together.
 */
/** An http(s) URL with a default, or `off` (null): a service the deployment may turn off. */
function urlOrOff(fallback: string) {
  return z
    .string()
    .trim()
    .default(fallback)
    .transform((value, context): string | null => {
      if (value.toLowerCase() === 'off') return null;
      if (!httpUrl.safeParse(value).success) {
        context.addIssue({ code: 'custom', message: 'must be an http:// or https:// URL, or off' });
        return z.NEVER;
      }
      return value;
    });
}

const EnvSchema = z.object({
  PORT: port.default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: httpUrl.optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' }).optional(),
  /** Processes serving the product with DATABASE_URL (one per core by default); always 1 on PGlite. */
  WEB_CONCURRENCY: z.coerce.number().int().min(1, 'must be at least 1').max(256, 'must be at most 256').optional(),
  DEMO: flag.default(true),
  DEMO_PASSWORD: z
    .string()
    .min(12, 'must be at least 12 characters')
    .max(72, 'must be at most 72 characters')
    .refine((value) => value !== demoPassword, 'must not be the published demo password')
    .optional(),
  /**
   * Demo only: the pool's clock (mining, rewards, payouts) starts at this instant and runs at real
   * speed from there, so a demo or a journey sees the 09:00 and 14:00 runs without waiting for them.
   */
  DEMO_CLOCK: z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date and time' }).optional(),
  TRUST_PROXY: trustProxy.default(false),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  POOL_NAME: z.string().trim().min(1).max(64).default('Headframe Pool'),
  POOL_STRATUM_URLS: z
    .string()
    .default('stratum+tcp://localhost:3333')
    .transform((value) =>
      value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(
          z
            .string()
            .regex(/^stratum\+(tcp|ssl):\/\/[^\s/:]+:\d{1,5}$/, 'each entry must look like stratum+tcp://host:port'),
        )
        .min(1, 'must list at least one stratum address'),
    ),
  POOL_THEME: AppTheme.default('default'),
  POOL_DEFAULT_LANGUAGE: Language.default('en'),
  PASSWORD_MIN_LENGTH: z.coerce.number().int().min(8, 'must be at least 8').max(72, 'must be at most 72').default(8),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  SMTP_FROM: z.string().trim().min(3, 'must be an e-mail address, optionally with a name').optional(),
  /** The pool's Telegram bot (from @BotFather); without it the Telegram notifications say they are not configured. */
  TELEGRAM_BOT_TOKEN: z
    .string()
    .trim()
    .regex(/^\d+:[A-Za-z0-9_-]{20,}$/, 'must be a bot token from @BotFather, digits:letters')
    .optional(),
  /** A self-hosted Bot API server instead of https://api.telegram.org. */
  TELEGRAM_API_ROOT: httpUrl.optional(),
  IDENTITY_ADMIN_PORT: port.default(0),
  IDENTITY_ADMIN_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Kratos's privileged_session_max_age: settings changes and critical product changes need a sign-in or second factor this recent. */
  PRIVILEGED_SESSION_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int('must be a whole number of seconds')
    .min(10, 'must be at least 10 seconds')
    .max(86_400, 'must be at most 86400 seconds (a day)')
    .default(900),
  APP_VERSION: z.string().min(1).optional(),
  WIDGET_SECRET_SUPPORT_CHAT: z.string().min(16, 'must be at least 16 characters').optional(),
  WIDGET_SECRET_MESSENGER: z.string().min(16, 'must be at least 16 characters').optional(),
  WIDGET_SECRET_EMAIL_MARKETING: z.string().min(16, 'must be at least 16 characters').optional(),
  INGEST_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
  NATS_URL: z.url({ protocol: /^(nats|tls)$/, error: 'must be a nats:// or tls:// URL' }).optional(),
  NATS_STREAM: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be letters, digits, - or _')
    .default('SHARES'),
  NATS_SUBJECT: z.string().min(1).default('shares.>'),
  NATS_CONSUMER: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be letters, digits, - or _')
    .default('mining-engine'),
  SIMULATOR: flag.optional(),
  /**
   * The public price service the web app asks first for exchange rates (spec 7, CoinGecko's
   * `simple/price` with `ids`/`vs_currencies`); `off` leaves the web app the server's proxy alone.
   * The Content Security Policy lets the browser reach this origin and no other.
   */
  PRICE_SERVICE_URL: urlOrOff('https://api.coingecko.com/api/v3/simple/price'),
  /** How often exchange rates are refreshed, by the web app and by the server's proxy (spec 9). */
  EXCHANGE_RATES_REFRESH_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(10_000, 'must be at least 10000 (10 seconds)')
    .max(86_400_000, 'must be at most 86400000 (a day)')
    .default(300_000),
  /**
   * The upstream of the server's exchange-rate proxy: answers `?symbols=["BTCUSDT","BTCRUB"]` with
   * `[{ "symbol", "price" }]` (Binance's ticker/price format); `off` runs no proxy refresh.
   */
  EXCHANGE_RATES_URL: urlOrOff('https://api.binance.com/api/v3/ticker/price'),
  /**
   * A Bitcoin Core node's JSON-RPC address (credentials in the URL): the network reward rate, and,
   * with BITCOIN_RPC_WALLET, the payouts' broadcasts.
   */
  BITCOIN_RPC_URL: httpUrl.optional(),
  /** The node wallet payouts are sent from; without it (or without a node) payouts go through the manual desk. */
  BITCOIN_RPC_WALLET: z.string().trim().min(1).max(64).optional(),
  /** The network payout addresses must belong to. */
  BITCOIN_NETWORK: z
    .enum(bitcoinNetworks, { error: `must be one of ${bitcoinNetworks.join(', ')}` })
    .default('mainnet'),
  /** Confirmations after which a sent payout is completed. */
  PAYOUT_CONFIRMATIONS: z.coerce
    .number({ error: 'must be a number of confirmations' })
    .int('must be a whole number of confirmations')
    .min(1, 'must be at least 1')
    .max(100, 'must be at most 100')
    .default(defaultPayoutConfirmations),
  /**
   * A block explorer's transaction page with `{txid}` in it, linked from payouts; by default
   * mempool.space for the network (none for regtest); `off` links none.
   */
  BLOCK_EXPLORER_TX_URL: z
    .string()
    .trim()
    .optional()
    .transform((value, context): string | null | undefined => {
      if (value === undefined) return undefined;
      if (value.toLowerCase() === 'off') return null;
      if (!value.includes('{txid}') || !httpUrl.safeParse(value.replace('{txid}', 'txid')).success) {
        context.addIssue({ code: 'custom', message: 'must be an http(s) URL with {txid} in it, or off' });
        return z.NEVER;
      }
      return value;
    }),
  /** A mempool.space-compatible HTTP API (e.g. https://mempool.space) for the network reward rate. */
  MEMPOOL_API_URL: httpUrl.optional(),
  /**
   * Integrations (spec 7, 9), each off until set. A Sentry-compatible DSN the web app reports its
   * errors to; the Content Security Policy then lets the browser reach its origin.
   */
  ERROR_REPORTING_DSN: httpUrl.optional(),
  /** A Sentry-compatible DSN the server reports its own unhandled errors to. */
  SERVER_ERROR_REPORTING_DSN: httpUrl.optional(),
  /** Product analytics: a PostHog-compatible project key, and its host (self-hosted or not). */
  ANALYTICS_KEY: z.string().trim().min(1).max(200).optional(),
  ANALYTICS_HOST: httpUrl.optional(),
  /** Analytics captures nothing until the visitor consents. */
  ANALYTICS_REQUIRE_CONSENT: flag.default(false),
  /** The scripts of the support chat, messenger and e-mail marketing widgets (spec 7 "Other calls"). */
  SUPPORT_CHAT_SCRIPT_URL: httpUrl.optional(),
  MESSENGER_SCRIPT_URL: httpUrl.optional(),
  EMAIL_MARKETING_SCRIPT_URL: httpUrl.optional(),
});

export type Env = z.infer<typeof EnvSchema>;

export interface ServerConfig extends Env {
  /**
   * Where people open the app: PUBLIC_URL, or http://localhost:$PORT without it. Mails link here;
   * the pool config's addresses derive from it when PUBLIC_URL is set.
   */
  readonly publicUrl: string;
  /** PUBLIC_URL is unset: the pool config and identity flows follow the host the browser used. */
  readonly followsHost: boolean;
  readonly secureCookies: boolean;
  /** How many processes serve the product: WEB_CONCURRENCY or one per core with DATABASE_URL, 1 on PGlite. */
  readonly processes: number;
}

export type ConfigResult = { ok: true; config: ServerConfig } | { ok: false; problems: string[] };

/**
 * Variables whose values a configuration error may repeat. Every other one may hold a secret
 * (tokens, keys, passwords, URLs with credentials) and is named without its value.
 */
const echoedVariables = new Set([
  'PORT',
  'HOST',
  'DATA_DIR',
  'DEMO',
  'DEMO_CLOCK',
  'TRUST_PROXY',
  'LOG_LEVEL',
  'POOL_NAME',
  'POOL_STRATUM_URLS',
  'POOL_THEME',
  'POOL_DEFAULT_LANGUAGE',
  'PASSWORD_MIN_LENGTH',
  'SMTP_FROM',
  'TELEGRAM_API_ROOT',
  'IDENTITY_ADMIN_PORT',
  'WEB_CONCURRENCY',
  'PRIVILEGED_SESSION_SECONDS',
  'APP_VERSION',
  'NATS_STREAM',
  'NATS_SUBJECT',
  'NATS_CONSUMER',
  'SIMULATOR',
  'PRICE_SERVICE_URL',
  'EXCHANGE_RATES_REFRESH_MS',
  'EXCHANGE_RATES_URL',
  'MEMPOOL_API_URL',
  'BITCOIN_NETWORK',
  'PAYOUT_CONFIRMATIONS',
  'BLOCK_EXPLORER_TX_URL',
  'ANALYTICS_HOST',
  'ANALYTICS_REQUIRE_CONSENT',
  'SUPPORT_CHAT_SCRIPT_URL',
  'MESSENGER_SCRIPT_URL',
  'EMAIL_MARKETING_SCRIPT_URL',
]);

function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare.endsWith('.localhost') || bare === '::1' || /^127(\.\d{1,3}){3}$/.test(bare);
}

/**
 * Finding 3: the demo's people have a published password. They may be seeded only where no other
 * machine can reach them, unless the operator chose a password of their own.
 */
function demoExposure(env: Env, publicUrl: URL): string | undefined {
  if (!env.DEMO || env.DEMO_PASSWORD) return undefined;
  const reasons = [
    ...(isLoopbackHost(env.HOST) ? [] : [`HOST=${env.HOST}`]),
    ...(publicUrl.protocol === 'http:' && isLoopbackHost(publicUrl.hostname) ? [] : [`PUBLIC_URL=${publicUrl.origin}`]),
  ];
  if (reasons.length === 0) return undefined;
  return `DEMO: the demo's people would be reachable from other machines with the published password (${reasons.join(', ')}); set DEMO=off for a real pool, DEMO_PASSWORD to a password of your own, or HOST=127.0.0.1 with an http://localhost PUBLIC_URL`;
}

/** Reads and validates the environment; empty strings count as unset. */
export function loadConfig(source: Record<string, string | undefined>): ConfigResult {
  const present = Object.fromEntries(
    Object.entries(source).filter(([key, value]) => key in EnvSchema.shape && value !== undefined && value !== ''),
  );
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      const given = echoedVariables.has(name) ? present[name] : undefined;
      return `${name}: ${issue.message}${given === undefined ? '' : ` (got "${given}")`}`;
    });
    return { ok: false, problems };
  }
  const env = parsed.data;
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  const exposure = demoExposure(env, new URL(publicUrl));
  if (exposure) return { ok: false, problems: [exposure] };
  if (env.DEMO_CLOCK && !env.DEMO)
    return { ok: false, problems: ['DEMO_CLOCK: only a demo pool runs on a clock of its own; unset it, or DEMO=on'] };
  if ((env.ANALYTICS_KEY === undefined) !== (env.ANALYTICS_HOST === undefined))
    return { ok: false, problems: ['ANALYTICS_KEY and ANALYTICS_HOST: set both for product analytics, or neither'] };
  return {
    ok: true,
    config: {
      ...env,
      publicUrl,
      followsHost: env.PUBLIC_URL === undefined,
      secureCookies: publicUrl.startsWith('https://'),
      // PGlite is one process's embedded database: no second process can open it.
      processes: env.DATABASE_URL ? (env.WEB_CONCURRENCY ?? availableParallelism()) : 1,
    },
  };
}
