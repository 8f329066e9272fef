import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Flow } from '../flow/flow.ts';
import type { SubmittedBody } from '../http/body.ts';
import type { Credential, CredentialType, Identity } from '../identity/identity.ts';
import type { IdentityRuntime } from '../runtime.ts';
import type { ActiveSession } from '../session/manager.ts';
import type { AuthenticationMethodName } from '../session/session.ts';
import type { UiContainer } from '../ui/container.ts';

export type Credentials = Map<CredentialType, Credential>;

/** Who a new login flow's form is for: anyone (first factor), or a signed-in identity. */
export type LoginAudience =
  | { kind: 'first-factor' }
  | { kind: 'refresh'; identity: Identity; credentials: Credentials }
  | { kind: 'second-factor'; identity: Identity; credentials: Credentials };

export interface LoginSubmit {
  rt: IdentityRuntime;
  request: FastifyRequest;
  flow: Flow;
  body: SubmittedBody;
  session: ActiveSession | undefined;
}

/** One login method, as a Kratos strategy: its own nodes, its own submit. */
export interface LoginStrategy {
  method: AuthenticationMethodName;
  aal: 'aal1' | 'aal2';
  /** Offered to browser flows only (WebAuthn: an assertion is bound to the browser's origin). */
  browserOnly?: boolean;
  populate(
    rt: IdentityRuntime,
    ui: UiContainer,
    audience: LoginAudience,
    internal: Record<string, unknown>,
  ): Promise<void> | void;
  handles(body: SubmittedBody): boolean;
  /** The identity the submitted credentials prove; throws a validation error otherwise. */
  login(submit: LoginSubmit): Promise<Identity>;
}

/** Whether a login flow of this type shows and accepts the strategy. */
export const offeredTo = (strategy: LoginStrategy, flowType: Flow['type']) =>
  !strategy.browserOnly || flowType === 'browser';

export interface SettingsSubmit {
  rt: IdentityRuntime;
  request: FastifyRequest;
  reply: FastifyReply;
  flow: Flow;
  body: SubmittedBody;
  session: ActiveSession;
  identity: Identity;
  credentials: Credentials;
}

export type SettingsOutcome =
  /**
   * Saved: the flow turns `success`; a second factor set up here is added to the session. A new
   * password or e-mail ends the identity's other sessions (Kratos's `revoke_active_sessions`).
   */
  | {
      kind: 'saved';
      secondFactor?: AuthenticationMethodName;
      revokeOtherSessions?: boolean;
      /** A new e-mail: mail it a verification code and answer `show_verification_ui` (Kratos does). */
      verifyAddress?: boolean;
    }
  /** Nothing saved yet (lookup regenerate or reveal): the form shows the result. */
  | { kind: 'show-form' };

export interface SettingsStrategy {
  method: 'profile' | 'password' | 'totp' | 'lookup_secret' | 'webauthn';
  populate(
    rt: IdentityRuntime,
    ui: UiContainer,
    target: {
      identity: Identity;
      credentials: Credentials;
      flowId: string;
      internal: Record<string, unknown>;
      flowType: Flow['type'];
    },
  ): Promise<void> | void;
  handles(body: SubmittedBody): boolean;
  /** Field checks that Kratos makes before the anti-CSRF check. */
  validate?(body: SubmittedBody): void;
  /** Whether this change needs a recent sign-in (privileged session). */
  needsPrivilegedSession(submit: SettingsSubmit): boolean;
  update(submit: SettingsSubmit): Promise<SettingsOutcome>;
}

export const methodIs = (body: SubmittedBody, method: string) => body.method === method;

export interface RegistrationSubmit {
  rt: IdentityRuntime;
  request: FastifyRequest;
  flow: Flow;
  body: SubmittedBody;
}

export type RegistrationOutcome =
  | { kind: 'created'; identity: Identity; method: AuthenticationMethodName }
  /** The profile step of a two-step registration: the form now asks for credentials. */
  | { kind: 'show-form' };

export interface RegistrationStrategy {
  method: 'password' | 'profile';
  populate(rt: IdentityRuntime, ui: UiContainer): void;
  handles(body: SubmittedBody): boolean;
  register(submit: RegistrationSubmit): Promise<RegistrationOutcome>;
}
