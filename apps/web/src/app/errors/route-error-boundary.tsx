import { useEffect, useState } from 'react';
import { Navigate, useRouteError } from 'react-router';
import { queryClient } from '@/lib/query-client.ts';
import { storage, storageKeys } from '@/lib/storage.ts';
import { loadPoolConfig } from '@/lib/config/get-pool-config.ts';
import { recoverFromRouteError, type Recovery } from './recover.ts';
import type { TechnicalIssuesState } from './technical-issues-page.tsx';

/** The error element of every route: spec 8 "Routing errors". */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const [recovery, setRecovery] = useState<Recovery | undefined>(undefined);

  useEffect(() => {
    let current = true;
    void recoverFromRouteError(error, {
      reloadConfig: () => loadPoolConfig(queryClient, { reload: true }),
      alreadyReloaded: () => storage.get(storageKeys.reloadedAfterError) === window.location.pathname,
      markReloaded: () => storage.set(storageKeys.reloadedAfterError, window.location.pathname),
      reloadPage: () => window.location.reload(),
    }).then((next) => {
      if (current) setRecovery(next);
    });
    if (!(error instanceof Response)) console.error(error);
    return () => {
      current = false;
    };
  }, [error]);

  if (recovery?.kind === 'not-found') return <Navigate to="/404" replace />;
  if (recovery?.kind === 'technical-issues') {
    const state: TechnicalIssuesState = {
      reason: recovery.reason,
      from: window.location.pathname + window.location.search,
    };
    return <Navigate to="/500" replace state={state} />;
  }
  return <div className="page-loading" aria-busy="true" />;
}
