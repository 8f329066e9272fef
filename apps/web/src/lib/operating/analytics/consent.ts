import type { Consent } from './analytics-rules.ts';

const consentKey = 'pool.analytics-consent';
const listeners = new Set<(consent: Consent) => void>();

// Not lib/storage.ts: this module loads lazily, and sharing that one would split the entry chunk.
function read(): string | null {
  try {
    return window.localStorage.getItem(consentKey);
  } catch {
    return null;
  }
}

export function storedConsent(): Consent | undefined {
  const value = read();
  return value === 'granted' || value === 'denied' ? value : undefined;
}

/** Keeps the visitor's choice and tells the running analytics (opt in or out at once). */
export function chooseConsent(consent: Consent): void {
  try {
    window.localStorage.setItem(consentKey, consent);
  } catch {
    // Without storage the choice holds for this visit.
  }
  for (const listener of listeners) listener(consent);
}

export function onConsent(listener: (consent: Consent) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
