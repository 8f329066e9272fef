import type { AnalyticsSettings } from '@pool/contract/integrations';
import type { AnalyticsClient, CreateClient } from './analytics-client.ts';
import { doNotTrack, mayCapture, platformOf, sessionRecorded, siteVisitEvent } from './analytics-rules.ts';
import { chooseConsent, onConsent, storedConsent } from './consent.ts';
import { visitors } from '@/lib/operating/visitor.ts';

/** Each SDK in a chunk of its own: a session downloads and evaluates only the one it uses. */
export const sdks: Record<'recorded' | 'unrecorded', () => Promise<{ createClient: CreateClient }>> = {
  recorded: () => import('./posthog-recorded.ts'),
  unrecorded: () => import('./posthog-unrecorded.ts'),
};

function sessionStore(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/**
 * Loads the SDK this session needs (PostHog's full one with its recorder for the recorded quarter,
 * its light one otherwise) and hands back the start, for the caller to run on an idle callback of
 * its own: evaluating an SDK and starting it, run together, were one long task.
 */
export async function loadAnalytics(
  settings: AnalyticsSettings,
  askConsent?: (grant: () => void) => void,
  random: () => number = Math.random,
): Promise<() => void> {
  const sdk = await sdks[sessionRecorded(sessionStore(), random) ? 'recorded' : 'unrecorded']();
  return () => startAnalytics(sdk.createClient, settings, askConsent);
}

/**
 * Starts the SDK with spec 9's rules and puts it behind the product analytics global of spec 7
 * (init, identify, track), where the rest of the app reaches it.
 */
export function startAnalytics(
  createClient: CreateClient,
  settings: AnalyticsSettings,
  askConsent?: (grant: () => void) => void,
): void {
  // Read one by one: a spread of `navigator` copies none of its properties, which live on its prototype.
  const dnt = doNotTrack({
    doNotTrack: navigator.doNotTrack,
    msDoNotTrack: (window as { msDoNotTrack?: string }).msDoNotTrack,
  });
  const consent = storedConsent();
  const client = createClient(settings, mayCapture(settings, consent, dnt), {
    platform: platformOf(window.matchMedia?.bind(window)),
  });
  if (!client) return;
  onConsent((consent) => {
    if (consent === 'granted' && !dnt) client.optIn();
    else client.optOut();
  });
  window.productAnalytics = globalOf(client);
  // A pool that requires consent asks once; without an answer nothing is captured, and it asks next visit.
  if (settings.require_consent && consent === undefined && !dnt) askConsent?.(() => chooseConsent('granted'));
  const analytics = window.productAnalytics;
  visitors.subscribe((visitor) => analytics.identify?.(visitor.id));
}

function globalOf(client: AnalyticsClient): NonNullable<Window['productAnalytics']> {
  return {
    init: () => undefined,
    identify(id, traits) {
      client.identify(id, traits);
      client.capture(siteVisitEvent);
    },
    track(event, data) {
      client.capture(event, data);
    },
  };
}
