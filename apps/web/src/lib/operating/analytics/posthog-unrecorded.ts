import PostHog from 'posthog-js-lite';
import type { CreateClient } from './analytics-client.ts';
import { unrecordedOptions } from './analytics-rules.ts';

type EventProperties = NonNullable<Parameters<PostHog['capture']>[1]>;

/** The app's event data are JSON already: figures, names and ids read from the API and the forms. */
function json(data: Record<string, unknown>): EventProperties;
function json(data: Record<string, unknown> | undefined): EventProperties | undefined;
function json(data: Record<string, unknown> | undefined) {
  return data as EventProperties | undefined;
}

/**
 * PostHog's light SDK (23 KB gzip against the full one's 67), for the three sessions in four that are
 * not recorded: evaluating and starting the full SDK was most of what analytics cost a phone.
 */
export const createClient: CreateClient = (settings, capture, properties) => {
  const client = new PostHog(settings.key, unrecordedOptions(settings, capture));
  // `capture` says what this visit allows (consent, Do Not Track); a choice this SDK kept from an
  // earlier visit would otherwise win over it, and it has no Do Not Track of its own.
  void (capture ? client.optIn() : client.optOut());
  void client.register(json(properties));
  // It tracks the page views of history changes; the first one is the app's to send.
  client.capture('$pageview');
  return {
    identify: (id, traits) => client.identify(id, json(traits)),
    capture: (event, data) => client.capture(event, json(data)),
    optIn: () => void client.optIn(),
    optOut: () => void client.optOut(),
  };
};
