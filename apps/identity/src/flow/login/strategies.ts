import { passwordLogin } from '../../strategy/password/login.ts';
import { totpLogin } from '../../strategy/totp/login.ts';
import { lookupLogin } from '../../strategy/lookup/login.ts';
import { webauthnLogin } from '../../strategy/webauthn/login.ts';
import type { LoginStrategy } from '../../strategy/strategy.ts';

/** The login methods, in the order Kratos asks its strategies. */
export const loginStrategies: readonly LoginStrategy[] = [passwordLogin, webauthnLogin, totpLogin, lookupLogin];
