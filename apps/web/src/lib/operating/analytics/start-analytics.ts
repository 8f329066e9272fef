// The slim build with only the extensions spec 9 needs: 67 KB gzip instead of the full SDK's 120 KB.
import posthog from 'posthog-js/dist/module.slim';
import { AnalyticsExtensions, SessionReplayExtensions } from 'posthog-js/dist/extension-bundles';
import type { AnalyticsSettings } from '@pool/contract/integrations';
import { redact } from '@pool/contract/redaction';
import { analyticsOptions, doNotTrack, mayCapture, platformOf, siteVisitEvent } from './analytics-rules.ts';
import { chooseConsent, onConsent, storedConsent } from './consent.ts';
import { visitors } from '@/lib/operating/visitor.ts';

/**
 * Starts PostHog's SDK (self-hostable) with spec 9's options and puts it behind the product
 * analytics global of spec 7 (init, identify, track), where the rest of the app reaches it. This
 * module is its own chunk, loaded once the browser is idle and only with a key and host configured.
 */
export function startAnalytics(
  settings: AnalyticsSettings,
  askConsent?: (grant: () => void) => void,
  random: () => number = Math.random,
): void {
  const dnt = doNotTrack({ ...navigator, msDoNotTrack: (window as { msDoNotTrack?: string }).msDoNotTrack });
  const consent = storedConsent();
  const capture = mayCapture(settings, consent, dnt);
  const client = posthog.init(settings.key, {
    ...analyticsOptions(settings, capture, random),
    __extensionClasses: { ...AnalyticsExtensions, ...SessionReplayExtensions },
    // Page URLs carry watcher tokens and e-mail addresses in queries: they leave redacted.
    before_send: (event) => {
      if (!event) return null;
      for (const key of ['$current_url', '$pathname', '$referrer'] as const) {
        const value: unknown = event.properties[key];
        if (typeof value === 'string') event.properties[key] = redact(value);
      }
      return event;
    },
  });
  if (!client) return;
  client.register({ platform: platformOf(window.matchMedia?.bind(window)) });
  onConsent((consent) => {
    if (consent === 'granted' && !dnt) client.opt_in_capturing();
    else client.opt_out_capturing();
  });
  window.productAnalytics = {
    init: () => undefined,
    identify(id, traits) {
      client.identify(id, traits);
      client.capture(siteVisitEvent);
    },
    track(event, data) {
      client.capture(event, data);
    },
  };
  // A pool that requires consent asks once; without an answer nothing is captured, and it asks next visit.
  if (settings.require_consent && consent === undefined && !dnt) askConsent?.(() => chooseConsent('granted'));
  const analytics = window.productAnalytics;
  visitors.subscribe((visitor) => analytics.identify?.(visitor.id));
}
