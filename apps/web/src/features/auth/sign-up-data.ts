import { storage } from '@/lib/storage.ts';

/**
 * Spec 3 sign-up data: a free attribute map stored before sign-up. It travels with the registration
 * as Kratos's `transient_payload` and stays on this device until the account-name step, which
 * creates the miner account with it (the operator of a customer-management sign-up, the promo code).
 */
export interface SignUpData {
  promo_code?: string;
  /** The referral code of the link the person came through (`?referral_code=`). */
  referral_code?: string | undefined;
  /** Title of the operator whose customer-management sign-up this is. */
  operator_title?: string;
}

const key = 'pool.sign-up-data';

export function saveSignUpData(data: SignUpData): void {
  const cleaned = Object.fromEntries(Object.entries(data).filter(([, value]) => value));
  storage.set(key, Object.keys(cleaned).length ? JSON.stringify(cleaned) : undefined);
}

export function readSignUpData(): SignUpData {
  try {
    const parsed: unknown = JSON.parse(storage.get(key) ?? '{}');
    return typeof parsed === 'object' && parsed !== null ? parsed : {};
  } catch {
    return {};
  }
}

export function clearSignUpData(): void {
  storage.set(key, undefined);
}
