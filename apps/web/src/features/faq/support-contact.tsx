import { useTranslation } from 'react-i18next';
import { toast } from '@/components/toast/toast-store.ts';
import { usePoolConfig } from '@/lib/config/use-pool-config.ts';
import {
  WidgetNotConfiguredError,
  openSupportChat,
  showMessenger,
  widgetsReady,
} from '@/lib/operating/widgets/support-tools.ts';

/**
 * Opens a support tool, waiting for the widgets' scripts if they have not run yet; a missing one
 * (spec 8 'not configured') shows a toast rather than nothing.
 */
function opener(open: () => void, notConfigured: string) {
  const opened = () => {
    try {
      open();
      return true;
    } catch (error) {
      if (!(error instanceof WidgetNotConfiguredError)) throw error;
      return false;
    }
  };
  return () => {
    if (opened()) return;
    void widgetsReady().then(() => {
      if (!opened()) toast.error(notConfigured);
    });
  };
}

/** The FAQ's way to a person: the support chat and the messenger, each shown when the pool configured it. */
export function SupportContact() {
  const { t } = useTranslation();
  const integrations = usePoolConfig().integrations;
  if (!integrations?.support_chat && !integrations?.messenger) return null;
  return (
    <section className="card faq-support" aria-labelledby="faq-support-title">
      <h2 id="faq-support-title">{t('faq.support.title')}</h2>
      <p className="muted">{t('faq.support.lead')}</p>
      <div className="faq-link">
        {integrations.support_chat && (
          <button
            type="button"
            className="button"
            onClick={opener(openSupportChat, t('faq.support.chatNotConfigured'))}
          >
            {t('faq.support.chat')}
          </button>
        )}
        {integrations.messenger && (
          <button
            type="button"
            className="button"
            onClick={opener(showMessenger, t('faq.support.messengerNotConfigured'))}
          >
            {t('faq.support.messenger')}
          </button>
        )}
      </div>
    </section>
  );
}
