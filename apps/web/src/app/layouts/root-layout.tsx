import { useEffect } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Toaster } from '@/components/toast/toaster.tsx';
import { VerificationDialogHost } from '@/components/step-up/verification-dialog-host.tsx';
import { poolConfigQuery } from '@/lib/config/get-pool-config.ts';
import { applyTheme, themeOf } from '@/lib/config/theme.ts';
import { useVersionCheck } from '@/lib/version/use-version-check.ts';
import { watchAuthActivity } from '@/lib/session/auth-activity.ts';
import { storage, storageKeys } from '@/lib/storage.ts';

/** Above every layout: the theme of the pool, the version check and the toasts. */
export function RootLayout() {
  const { data: config } = useQuery(poolConfigQuery);
  const navigation = useNavigation();
  const client = useQueryClient();
  useVersionCheck();

  useEffect(() => applyTheme(themeOf(config)), [config]);
  useEffect(() => watchAuthActivity(client), [client]);
  // A page that rendered has recovered; a later route error may reload it again (spec 8).
  useEffect(() => storage.set(storageKeys.reloadedAfterError, undefined), []);

  return (
    <>
      <div className="route-progress" data-active={navigation.state !== 'idle' || undefined} aria-hidden />
      <Outlet />
      <VerificationDialogHost />
      <Toaster />
    </>
  );
}
