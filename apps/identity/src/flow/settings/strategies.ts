import type { SettingsStrategy } from '../../strategy/strategy.ts';
import { profileSettings } from '../../strategy/profile/settings.ts';
import { passwordSettings } from '../../strategy/password/settings.ts';
import { lookupSettings } from '../../strategy/lookup/settings.ts';
import { webauthnSettings } from '../../strategy/webauthn/settings.ts';
import { totpSettings } from '../../strategy/totp/settings.ts';

/** The settings methods, in the order their nodes are added to the form. */
export const settingsStrategies: readonly SettingsStrategy[] = [
  profileSettings,
  passwordSettings,
  lookupSettings,
  webauthnSettings,
  totpSettings,
];
