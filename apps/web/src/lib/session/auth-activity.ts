import type { QueryClient } from '@tanstack/react-query';
import { recordActivity } from '@/lib/analytics/widgets.ts';
import { sessionQueryKey, type SessionState } from './get-session.ts';

/** Spec 4: whether the coming session is a sign-in or a sign-up, set before the flow is submitted. */
export type AuthIntent = 'sign in' | 'sign up';

const key = 'pool.auth-intent';

export function markAuthIntent(intent: AuthIntent): void {
  try {
    window.sessionStorage.setItem(key, intent);
  } catch {
    // Without storage the activity is not recorded; signing in is unaffected.
  }
}

/**
 * Spec 4: on the first session data event, the activity 'sign in' or 'sign up' is recorded once,
 * then the flag resets. Returns what was recorded.
 */
export function recordAuthActivity(): AuthIntent | undefined {
  let intent: string | null;
  try {
    intent = window.sessionStorage.getItem(key);
    window.sessionStorage.removeItem(key);
  } catch {
    return undefined;
  }
  if (intent !== 'sign in' && intent !== 'sign up') return undefined;
  recordActivity(intent);
  return intent;
}

/** Records the activity when the session cache first holds a signed-in session. */
export function watchAuthActivity(client: QueryClient): () => void {
  return client.getQueryCache().subscribe((event) => {
    const root: unknown = (event.query.queryKey as readonly unknown[])[0];
    if (event.type !== 'updated' || root !== sessionQueryKey[0]) return;
    if ((event.query.state.data as SessionState | undefined)?.status === 'authenticated') recordAuthActivity();
  });
}
