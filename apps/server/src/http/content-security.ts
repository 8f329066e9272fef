import type { ServerConfig } from '../config/env.ts';

type IntegrationConfig = Pick<
  ServerConfig,
  | 'ERROR_REPORTING_DSN'
  | 'ANALYTICS_HOST'
  | 'SUPPORT_CHAT_SCRIPT_URL'
  | 'MESSENGER_SCRIPT_URL'
  | 'EMAIL_MARKETING_SCRIPT_URL'
>;

function originOf(url: string | undefined): string[] {
  return url ? [new URL(url).origin] : [];
}

function unique(origins: string[]): string[] {
  return [...new Set(origins)];
}

/** The origins of the configured support widgets: their scripts, and what those scripts call and frame. */
function widgetOrigins(config: IntegrationConfig): string[] {
  return [
    ...originOf(config.SUPPORT_CHAT_SCRIPT_URL),
    ...originOf(config.MESSENGER_SCRIPT_URL),
    ...originOf(config.EMAIL_MARKETING_SCRIPT_URL),
  ];
}

/**
 * What the browser may connect to besides the app's own origin: the configured public price
 * service's origin (spec 7: the web app asks it for exchange rates first), and the configured
 * integrations' origins (error reporting, analytics, widgets), and nothing more. With nothing
 * configured the app talks to its own origin only.
 */
export function connectSources(config: Pick<ServerConfig, 'PRICE_SERVICE_URL'> & IntegrationConfig): string[] {
  return unique([
    ...originOf(config.PRICE_SERVICE_URL ?? undefined),
    ...originOf(config.ERROR_REPORTING_DSN),
    ...originOf(config.ANALYTICS_HOST),
    ...widgetOrigins(config),
  ]);
}

/** Scripts from elsewhere than the app's origin: the analytics host's recorder and the widgets. */
export function scriptSources(config: IntegrationConfig): string[] {
  return unique([...originOf(config.ANALYTICS_HOST), ...widgetOrigins(config)]);
}

/** The widgets open their chat windows in frames of their own origin. */
export function frameSources(config: IntegrationConfig): string[] {
  return unique(widgetOrigins(config));
}
