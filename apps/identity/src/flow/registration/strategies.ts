import type { RegistrationStrategy } from '../../strategy/strategy.ts';
import { passwordRegistration } from '../../strategy/password/registration.ts';
import { profileRegistration } from '../../strategy/profile/registration.ts';

/** The registration methods, in the order Kratos asks its strategies. */
export const registrationStrategies: readonly RegistrationStrategy[] = [passwordRegistration, profileRegistration];
