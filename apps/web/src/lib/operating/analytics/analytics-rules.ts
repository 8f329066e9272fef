import type { PostHogConfig } from 'posthog-js/dist/module.slim';
import type PostHogLite from 'posthog-js-lite';
import type { AnalyticsSettings } from '@pool/contract/integrations';
import { redact } from '@pool/contract/redaction';

/** Spec 9: a quarter of sessions are recorded. */
export const sessionRecordingSample = 0.25;
/** Spec 9: a session ends after half an hour without activity. */
export const sessionIdleTimeoutMs = 1_800_000;
/** Spec 9: tracked once a visitor is identified. */
export const siteVisitEvent = 'User Site Visit';

export type Platform = 'app' | 'web';
export type Consent = 'granted' | 'denied';

/** Spec 9: the app installed to the home screen (standalone display mode) reports platform 'app'. */
export function platformOf(matchMedia: ((query: string) => Pick<MediaQueryList, 'matches'>) | undefined): Platform {
  return matchMedia?.('(display-mode: standalone)').matches ? 'app' : 'web';
}

/** The browser asks sites not to track it (navigator.doNotTrack, the legacy window flag, msDoNotTrack). */
export function doNotTrack(source: { doNotTrack?: string | null; msDoNotTrack?: string | null }): boolean {
  return [source.doNotTrack, source.msDoNotTrack].some((value) => value === '1' || value === 'yes');
}

/**
 * Whether anything may be captured: never under Do Not Track; with a pool that requires consent, only
 * once the visitor granted it; otherwise unless the visitor declined.
 */
export function mayCapture(
  settings: Pick<AnalyticsSettings, 'require_consent'>,
  consent: Consent | undefined,
  dnt: boolean,
): boolean {
  if (dnt) return false;
  return settings.require_consent ? consent === 'granted' : consent !== 'denied';
}

const recordingKey = 'pool.analytics-recording';

/**
 * Whether this browser session is one of the recorded quarter. The draw is kept for the tab's
 * session, so a reload goes on as it started; without session storage each page load draws anew.
 */
export function sessionRecorded(storage: Pick<Storage, 'getItem' | 'setItem'> | undefined, random: () => number) {
  try {
    const kept = storage?.getItem(recordingKey);
    if (kept === 'on' || kept === 'off') return kept === 'on';
  } catch {
    // Storage blocked: draw for this page.
  }
  const recorded = random() < sessionRecordingSample;
  try {
    storage?.setItem(recordingKey, recorded ? 'on' : 'off');
  } catch {
    // As above.
  }
  return recorded;
}

/** An event on its way to the analytics host, as both SDKs hand it to `before_send`. */
interface OutgoingEvent {
  properties?: Record<string, unknown>;
}

/** Page URLs carry watcher tokens and e-mail addresses in queries: they leave redacted. */
export function redactEvent<Event extends OutgoingEvent>(event: Event | null): Event | null {
  const properties = event?.properties;
  if (!event || !properties) return event;
  for (const key of ['$current_url', '$pathname', '$referrer'] as const) {
    const value = properties[key];
    if (typeof value === 'string') properties[key] = redact(value);
  }
  return event;
}

/** The options of PostHog's full SDK, loaded for the recorded sessions. */
export function recordedOptions(settings: AnalyticsSettings, capture: boolean): Partial<PostHogConfig> {
  return {
    api_host: settings.host,
    persistence: 'localStorage',
    capture_pageview: 'history_change',
    session_idle_timeout_seconds: sessionIdleTimeoutMs / 1000,
    respect_dnt: true,
    opt_out_capturing_by_default: !capture,
    autocapture: false,
    // Recordings show the screens, never what people type or the figures they read.
    session_recording: { maskAllInputs: true, maskTextSelector: '*' },
    before_send: redactEvent,
  };
}

/**
 * The options of PostHog's light SDK, loaded for the sessions that are not recorded: the same host,
 * storage, idle timeout and page views, with nothing it would fetch or keep that the app does not use.
 */
export function unrecordedOptions(
  settings: AnalyticsSettings,
  capture: boolean,
): NonNullable<ConstructorParameters<typeof PostHogLite>[1]> {
  return {
    host: settings.host,
    persistence: 'localStorage',
    captureHistoryEvents: true,
    sessionExpirationTimeSeconds: sessionIdleTimeoutMs / 1000,
    defaultOptIn: capture,
    preloadFeatureFlags: false,
    disableRemoteConfig: true,
    // Each event leaves at once: this SDK sends nothing when the page is closed.
    flushAt: 1,
    before_send: redactEvent,
  };
}
