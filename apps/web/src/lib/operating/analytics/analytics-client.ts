import type { AnalyticsSettings } from '@pool/contract/integrations';

/** What the app asks of an analytics SDK, whichever of PostHog's two this session loaded. */
export interface AnalyticsClient {
  identify(id: string, traits?: Record<string, unknown>): void;
  capture(event: string, properties?: Record<string, unknown>): void;
  optIn(): void;
  optOut(): void;
}

/**
 * Starts one SDK, with `properties` on every event (the first page view included), capturing only if
 * `capture` allows it. Undefined when the SDK refused to start.
 */
export type CreateClient = (
  settings: AnalyticsSettings,
  capture: boolean,
  properties: Record<string, unknown>,
) => AnalyticsClient | undefined;
