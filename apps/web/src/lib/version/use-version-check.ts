import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/toast/toast-store.ts';
import { createVersionCheck } from './version-check.ts';

const recheckEveryMs = 5 * 60_000;

/** One check per app: fetched at app open, re-checked on an interval and when the tab comes back. */
export const versionCheck = createVersionCheck();

export function useVersionCheck(): void {
  const { t } = useTranslation();
  useEffect(() => {
    let prompted = false;
    const recheck = async () => {
      if (prompted || document.visibilityState === 'hidden') return;
      if ((await versionCheck.recheck()) !== 'changed') return;
      prompted = true;
      toast.info(t('toasts.refreshPage'), {
        action: { label: t('common.refresh'), onClick: () => window.location.reload() },
      });
    };
    const onWake = () => void recheck();
    void versionCheck.start();
    const interval = setInterval(onWake, recheckEveryMs);
    document.addEventListener('visibilitychange', onWake);
    window.addEventListener('focus', onWake);
    return () => {
      clearInterval(interval);
      document.removeEventListener('visibilitychange', onWake);
      window.removeEventListener('focus', onWake);
    };
  }, [t]);
}
