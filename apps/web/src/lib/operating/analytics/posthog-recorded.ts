// The slim build with only the extensions spec 9 needs: 67 KB gzip instead of the full SDK's 120 KB.
import posthog from 'posthog-js/dist/module.slim';
import { AnalyticsExtensions, SessionReplayExtensions } from 'posthog-js/dist/extension-bundles';
import type { CreateClient } from './analytics-client.ts';
import { recordedOptions } from './analytics-rules.ts';

/** PostHog's full SDK with its session recorder, for the quarter of sessions that are recorded. */
export const createClient: CreateClient = (settings, capture, properties) => {
  const client = posthog.init(settings.key, {
    ...recordedOptions(settings, capture),
    __extensionClasses: { ...AnalyticsExtensions, ...SessionReplayExtensions },
  });
  if (!client) return undefined;
  client.register(properties);
  return {
    identify: (id, traits) => client.identify(id, traits),
    capture: (event, data) => void client.capture(event, data),
    optIn: () => client.opt_in_capturing(),
    optOut: () => client.opt_out_capturing(),
  };
};
