import { useEffect } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Toaster } from '@/components/toast/toaster.tsx';
import { VerificationDialogHost } from '@/features/auth/step-up/verification-dialog-host.tsx';
import { poolConfigQuery } from '@/features/config/get-pool-config.ts';
import { applyTheme, themeOf } from '@/features/config/theme.ts';
import { useVersionCheck } from '@/features/version/use-version-check.ts';
import { watchAuthActivity } from '@/features/session/auth-activity.ts';
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
