import { z } from 'zod';

/**
 * The third-party integrations of spec 7 and 9 as the deployment configures them, served with the
 * pool config. Each is null until it is configured, and the web app then loads nothing for it.
 */

/** Error reporting: a Sentry-compatible DSN (`https://key@host/project`), self-hosted ones included. */
export const ErrorReportingSettings = z.object({ dsn: z.string().min(1) });
export type ErrorReportingSettings = z.infer<typeof ErrorReportingSettings>;

/** Product analytics: a PostHog-compatible project key and the host its API (and recorder) live on. */
export const AnalyticsSettings = z.object({
  key: z.string().min(1),
  host: z.string().min(1),
  /** The pool requires a visitor's consent before anything is captured. */
  require_consent: z.boolean(),
});
export type AnalyticsSettings = z.infer<typeof AnalyticsSettings>;

/** A widget whose script, loaded from this address, defines its global. */
export const WidgetSettings = z.object({ script_url: z.string().min(1) });
export type WidgetSettings = z.infer<typeof WidgetSettings>;

export const IntegrationSettings = z.object({
  error_reporting: ErrorReportingSettings.nullable(),
  analytics: AnalyticsSettings.nullable(),
  support_chat: WidgetSettings.nullable(),
  messenger: WidgetSettings.nullable(),
  email_marketing: WidgetSettings.nullable(),
});
export type IntegrationSettings = z.infer<typeof IntegrationSettings>;

export const noIntegrations: IntegrationSettings = {
  error_reporting: null,
  analytics: null,
  support_chat: null,
  messenger: null,
  email_marketing: null,
};
