import type { IntegrationSettings } from '@pool/contract/integrations';
import type { ServerConfig } from '../../config/env.ts';

type IntegrationEnv = Pick<
  ServerConfig,
  | 'ERROR_REPORTING_DSN'
  | 'ANALYTICS_KEY'
  | 'ANALYTICS_HOST'
  | 'ANALYTICS_REQUIRE_CONSENT'
  | 'SUPPORT_CHAT_SCRIPT_URL'
  | 'MESSENGER_SCRIPT_URL'
  | 'EMAIL_MARKETING_SCRIPT_URL'
>;

function widget(url: string | undefined) {
  return url ? { script_url: url } : null;
}

/** The integrations the web app may load, each null until its variables are set. */
export function integrationSettings(config: IntegrationEnv): IntegrationSettings {
  return {
    error_reporting: config.ERROR_REPORTING_DSN ? { dsn: config.ERROR_REPORTING_DSN } : null,
    analytics:
      config.ANALYTICS_KEY && config.ANALYTICS_HOST
        ? { key: config.ANALYTICS_KEY, host: config.ANALYTICS_HOST, require_consent: config.ANALYTICS_REQUIRE_CONSENT }
        : null,
    support_chat: widget(config.SUPPORT_CHAT_SCRIPT_URL),
    messenger: widget(config.MESSENGER_SCRIPT_URL),
    email_marketing: widget(config.EMAIL_MARKETING_SCRIPT_URL),
  };
}
