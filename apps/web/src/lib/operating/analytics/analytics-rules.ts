import type { PostHogConfig } from 'posthog-js/dist/module.slim';
import type { AnalyticsSettings } from '@pool/contract/integrations';

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

/** The PostHog options of spec 9. `random` decides this session's recording. */
export function analyticsOptions(
  settings: AnalyticsSettings,
  capture: boolean,
  random: () => number,
): Partial<PostHogConfig> {
  return {
    api_host: settings.host,
    persistence: 'localStorage',
    capture_pageview: 'history_change',
    session_idle_timeout_seconds: sessionIdleTimeoutMs / 1000,
    disable_session_recording: random() >= sessionRecordingSample,
    respect_dnt: true,
    opt_out_capturing_by_default: !capture,
    autocapture: false,
    // Recordings show the screens, never what people type or the figures they read.
    session_recording: { maskAllInputs: true, maskTextSelector: '*' },
  };
}
