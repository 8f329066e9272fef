/** What the identity service needs to know about where it runs; `createIdentityService` fills it. */
export interface IdentityConfig {
  /** Where the public API is reached, e.g. http://localhost:8080/identity (Kratos's `serve.public.base_url`). */
  publicBaseUrl: string;
  /** The web app's origin and base, e.g. http://localhost:8080. */
  appUrl: string;
  passwordMinLength: number;
  secureCookies: boolean;
  lifespans: Lifespans;
  /** The web app's routes Kratos redirects browsers to (`selfservice.flows.*.ui_url`). */
  ui: UiUrls;
  /** Where a finished flow sends the browser when no `return_to` was given. */
  defaultReturnTo: string;
  /** Origins a `return_to` may point at. */
  allowedReturnOrigins: readonly string[];
  totpIssuer: string;
  webauthn: { rpId: string; rpName: string; origins: readonly string[] };
}

export interface Lifespans {
  flowMs: number;
  sessionMs: number;
  privilegedSessionMs: number;
  codeMs: number;
}

export interface UiUrls {
  login: string;
  registration: string;
  recovery: string;
  verification: string;
  settings: string;
  error: string;
}

export const defaultLifespans: Lifespans = {
  flowMs: 60 * 60 * 1000,
  sessionMs: 24 * 60 * 60 * 1000,
  // The spec's quickstart value (Kratos defaults to 1 h): settings changes need a recent sign-in.
  privilegedSessionMs: 15 * 60 * 1000,
  codeMs: 60 * 60 * 1000,
};

export function identityConfig(options: {
  publicBaseUrl: string;
  appUrl: string;
  passwordMinLength: number;
  secureCookies: boolean;
  lifespans?: Partial<Lifespans>;
  ui?: Partial<UiUrls>;
  rpName?: string;
}): IdentityConfig {
  const publicBaseUrl = options.publicBaseUrl.replace(/\/+$/, '');
  const appUrl = options.appUrl.replace(/\/+$/, '');
  const app = new URL(appUrl);
  return {
    publicBaseUrl,
    appUrl,
    passwordMinLength: options.passwordMinLength,
    secureCookies: options.secureCookies,
    lifespans: { ...defaultLifespans, ...options.lifespans },
    ui: {
      login: `${appUrl}/auth/login`,
      registration: `${appUrl}/auth/registration`,
      recovery: `${appUrl}/auth/recovery`,
      verification: `${appUrl}/auth/verification`,
      settings: `${appUrl}/settings`,
      error: `${appUrl}/500`,
      ...options.ui,
    },
    defaultReturnTo: `${appUrl}/`,
    allowedReturnOrigins: [app.origin, new URL(publicBaseUrl).origin],
    totpIssuer: new URL(publicBaseUrl).hostname,
    webauthn: { rpId: app.hostname, rpName: options.rpName ?? app.hostname, origins: [app.origin] },
  };
}
