import type {
  LoginFlow,
  RecoveryFlow,
  RegistrationFlow,
  SettingsFlow,
  SuccessfulNativeLogin,
  SuccessfulNativeRegistration,
  VerificationFlow,
} from './types.ts';

/** The self-service flows of the identity service the app drives (Kratos public API). */
export type FlowKind = 'login' | 'registration' | 'recovery' | 'verification' | 'settings';

export interface FlowOf {
  login: LoginFlow;
  registration: RegistrationFlow;
  recovery: RecoveryFlow;
  verification: VerificationFlow;
  settings: SettingsFlow;
}

/** What a submit answers with on 2xx: a session for login and registration, the flow moved on for the rest. */
export interface SubmitAnswerOf {
  login: SuccessfulNativeLogin;
  registration: SuccessfulNativeRegistration;
  recovery: RecoveryFlow;
  verification: VerificationFlow;
  settings: SettingsFlow;
}

export type AnyFlow = FlowOf[FlowKind];

/** What a flow is created with; each kind reads the parameters Kratos gives it. */
export interface FlowParams {
  returnTo?: string;
  /** Login only: `aal2` asks for the second factor. */
  aal?: string;
  /** Login only: re-authenticate an existing session. */
  refresh?: boolean;
}

/** The body of a flow submit, as the form produced it (nested `traits`, a `method`, the CSRF token). */
export type FlowBody = Record<string, unknown> & { method?: string; csrf_token?: string };
