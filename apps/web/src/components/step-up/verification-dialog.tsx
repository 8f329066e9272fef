import { useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { LoginFlow } from '@/lib/ory/types.ts';
import type { IdentityInfo } from '@pool/contract/identity';
import { ResponsiveDialog } from '@/components/dialog/responsive-dialog.tsx';
import { TwoFactorBanner } from '@/components/ui/two-factor-banner.tsx';
import { usePoolConfig } from '@/lib/config/use-pool-config.ts';
import { identityQueryKey } from '@/lib/identity/get-identity.ts';
import { sessionQueryKey } from '@/lib/session/get-session.ts';
import { identityApi } from '@/lib/ory/identity-client.ts';
import { SecondFactorForm } from '@/components/flow/second-factor-form.tsx';
import { createFlow, submitFlow, type FlowOutcome } from '@/lib/ory/flow-api.ts';
import type { FlowBody } from '@/lib/ory/flow-kinds.ts';

/**
 * Spec 2 and 4: the verification dialog for critical actions. It starts a second-level login flow
 * with refresh and lists the methods; success closes it; closing it otherwise, even during a
 * pending submit, declines. Without any method set up it shows only its title and the 2FA banner.
 */
export function VerificationDialog({ onAnswer }: { onAnswer: (passed: boolean) => void }) {
  const { t } = useTranslation();
  const config = usePoolConfig();
  const api = useMemo(() => identityApi(config), [config]);
  const client = useQueryClient();
  const credentials = client.getQueryData<IdentityInfo>(identityQueryKey)?.credentials;
  const hasMethods = credentials ? credentials.totp || credentials.lookup_secret || credentials.webauthn : true;
  const [flow, setFlow] = useState<LoginFlow>();
  const [submitting, setSubmitting] = useState(false);
  const [unavailable, setUnavailable] = useState(false);

  useEffect(() => {
    if (!hasMethods) return;
    let current = true;
    void createFlow(api, 'login', { aal: 'aal2', refresh: true })
      .then((outcome) => {
        if (!current) return;
        if (outcome.type === 'flow') setFlow(outcome.flow);
        else setUnavailable(true);
      })
      .catch(() => current && setUnavailable(true));
    return () => {
      current = false;
    };
  }, [api, hasMethods]);

  const submit = async (body: FlowBody): Promise<FlowOutcome<'login'>> => {
    if (!flow) throw new Error('no flow to submit');
    setSubmitting(true);
    try {
      const outcome = await submitFlow(api, 'login', flow, body);
      if (outcome.type === 'flow') setFlow(outcome.flow);
      if (outcome.type === 'signed-in') {
        await client.invalidateQueries({ queryKey: sessionQueryKey });
        onAnswer(true);
      }
      return outcome;
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <ResponsiveDialog
      open
      onOpenChange={(open) => !open && onAnswer(false)}
      title={t('stepUp.title')}
      description={hasMethods ? t('stepUp.description') : undefined}
    >
      {!hasMethods && <TwoFactorBanner />}
      {hasMethods && unavailable && (
        <p className="notice" data-type="error" role="alert">
          {t('toasts.somethingWentWrong')}
        </p>
      )}
      {hasMethods && !unavailable && !flow && <div className="page-loading-small" aria-busy="true" />}
      {flow && <SecondFactorForm flow={flow} submit={submit} submitting={submitting} />}
    </ResponsiveDialog>
  );
}
