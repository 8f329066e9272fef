import { useId, useState } from 'react';
import type { UiNode } from '@/lib/ory/types.ts';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { termsOfUsePath } from '@pool/contract/paths';
import { usePoolConfig } from '@/lib/config/use-pool-config.ts';
import { markAuthIntent } from '@/lib/session/auth-activity.ts';
import { FlowForm, type FieldRenderProps } from '@/components/flow/flow-form.tsx';
import { FlowUnavailable } from '@/components/flow/flow-unavailable.tsx';
import { FlowMessages } from '@/components/flow/flow-messages.tsx';
import { useIdentityFlow } from '@/lib/ory/use-identity-flow.ts';
import { saveSignUpData, type SignUpData } from '@/features/auth/sign-up-data.ts';
import { isInputNode } from '@/lib/ory/nodes.ts';
import { PromoCodeCheck } from '@/features/auth/components/promo-code-check.tsx';

function TermsAgreement({ node, field, error }: FieldRenderProps) {
  const id = useId();
  return (
    <div className="field field-checkbox">
      <input id={id} type="checkbox" required={node.attributes.required} {...field} />
      <label htmlFor={id}>
        <Trans
          i18nKey="auth.registration.terms"
          components={{ terms: <a href={termsOfUsePath} target="_blank" rel="noreferrer" /> }}
        />
      </label>
      {error}
    </div>
  );
}

const termsField = 'traits.terms_agreed';
const isTerms = (node: UiNode) => isInputNode(node) && node.attributes.name === termsField;

/** The service lists traits first; the terms agreement reads best after the password, near the button. */
const termsLast = (nodes: readonly UiNode[]) => [...nodes.filter((node) => !isTerms(node)), ...nodes.filter(isTerms)];

/**
 * `/auth/registration`, and `/{operatorId}/auth/registration` in the customer-management sign-up mode
 * (spec 2): the optional promo code question, the required terms agreement, then the account-name
 * step. A promo code link (`?promocode=`) answers the question in advance, and the question says
 * whether the code applies before the person submits; a referral link's code travels along.
 */
export function RegistrationPage({ operatorTitle }: { operatorTitle?: string }) {
  const { t } = useTranslation();
  const config = usePoolConfig();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const linkedCode = search.get('promocode') ?? '';
  // A referral link (`?referral_code=`): the code travels in the sign-up data to the account.
  const referralCode = search.get('referral_code') ?? undefined;
  const [hasPromoCode, setHasPromoCode] = useState(linkedCode !== '');
  const [promoCode, setPromoCode] = useState(linkedCode);
  const promoId = useId();
  const {
    flow: loadedFlow,
    revision,
    submit,
    submitting,
    unavailable,
    retry,
  } = useIdentityFlow('registration', {
    onSignedIn: () => void navigate('/auth/name', { replace: true }),
  });
  const flow = unavailable ? undefined : loadedFlow;

  const signUpData = (): SignUpData => ({
    promo_code: hasPromoCode ? promoCode.trim() : undefined,
    referral_code: referralCode,
    operator_title: operatorTitle,
  });

  return (
    <section className="auth-panel auth-panel-single" aria-busy={!flow && !unavailable}>
      <h1>
        {operatorTitle ? t('auth.registration.customerTitle', { operator: operatorTitle }) : t('screens.registration')}
      </h1>
      <p className="muted">{t('auth.registration.lead', { pool: config.name })}</p>
      {unavailable && <FlowUnavailable reason={unavailable} onRetry={retry} />}
      {flow && (
        <>
          <FlowMessages messages={flow.ui.messages?.filter((message) => message.id !== 1040009)} />
          <FlowForm
            key={`${flow.id}:${revision}`}
            nodes={termsLast(flow.ui.nodes)}
            submitting={submitting}
            passwordMinLength={config.settings.password_min_length}
            renderField={(props) => (isTerms(props.node) ? <TermsAgreement {...props} /> : undefined)}
            extraValues={() => ({ transient_payload: signUpData() })}
            onSubmit={(body) => {
              saveSignUpData(signUpData());
              markAuthIntent('sign up');
              return submit(body);
            }}
          >
            <fieldset className="promo-question">
              <legend>{t('auth.registration.promoQuestion')}</legend>
              <div className="segmented">
                <label>
                  <input
                    type="radio"
                    name="has-promo"
                    checked={!hasPromoCode}
                    onChange={() => setHasPromoCode(false)}
                  />
                  {t('common.no')}
                </label>
                <label>
                  <input type="radio" name="has-promo" checked={hasPromoCode} onChange={() => setHasPromoCode(true)} />
                  {t('common.yes')}
                </label>
              </div>
              {hasPromoCode && (
                <div className="field">
                  <label htmlFor={promoId}>{t('auth.registration.promoCode')}</label>
                  <input
                    id={promoId}
                    value={promoCode}
                    maxLength={64}
                    autoCapitalize="characters"
                    aria-describedby={`${promoId}-check`}
                    onChange={(event) => setPromoCode(event.target.value)}
                  />
                  <PromoCodeCheck code={promoCode} describedBy={`${promoId}-check`} />
                </div>
              )}
            </fieldset>
          </FlowForm>
          <p className="auth-switch">
            {t('auth.registration.haveAccount')} <Link to="/auth/login">{t('auth.registration.signIn')}</Link>
          </p>
        </>
      )}
    </section>
  );
}

/** The customer-management sign-up route: the registration screen for an operator's customers. */
export function CustomerRegistrationPage() {
  const { operatorId = '' } = useParams();
  return <RegistrationPage operatorTitle={decodeURIComponent(operatorId)} />;
}
