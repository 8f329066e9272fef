import { useTranslation } from 'react-i18next';
import { isUiNodeTextAttributes, type SettingsFlow, type UiNode } from '@/lib/ory/types.ts';
import { copyToClipboard } from '@/lib/clipboard.ts';
import { FlowForm } from './flow-form.tsx';
import type { FlowBody } from '@/lib/ory/flow-kinds.ts';
import { inputNamed, nodesOfGroups } from '@/lib/ory/nodes.ts';

interface SectionProps {
  flow: SettingsFlow;
  revision: number;
  submit: (body: FlowBody) => Promise<unknown>;
  submitting: boolean;
  passwordMinLength: number;
}

/** The lookup codes a flow shows right now, from the text node Kratos renders them in. */
export function lookupCodesOf(nodes: readonly UiNode[]): string[] {
  const node = nodes.find(
    (candidate) => candidate.attributes.node_type === 'text' && candidate.group === 'lookup_secret',
  );
  if (!node || !isUiNodeTextAttributes(node.attributes)) return [];
  const secrets = (node.attributes.text.context as { secrets?: { id: number; text: string }[] } | undefined)?.secrets;
  return (secrets ?? []).filter((secret) => secret.id !== 1050014).map((secret) => secret.text);
}

function downloadCodes(codes: readonly string[], poolName: string): void {
  const blob = new Blob([`${poolName}\n\n${codes.join('\n')}\n`], { type: 'text/plain' });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = 'recovery-codes.txt';
  link.click();
  URL.revokeObjectURL(link.href);
}

/**
 * Spec 2: two-factor setup in steps — first the authenticator app (a QR code or a setup code), then
 * one-time lookup codes to save or copy. Each step is the settings flow's own group of nodes.
 */
export function TwoFactorSection({
  flow,
  revision,
  submit,
  submitting,
  passwordMinLength,
  poolName,
}: SectionProps & { poolName: string }) {
  const { t } = useTranslation();
  const nodes = flow.ui.nodes;
  const totpLinked = inputNamed(nodes, 'totp_unlink') !== undefined;
  const codes = lookupCodesOf(nodes);
  const lookupNodes = nodesOfGroups(nodes, ['default', 'lookup_secret']);

  return (
    <section className="card" id="two-factor" aria-labelledby="two-factor-title">
      <h2 id="two-factor-title">{t('settings.twoFactor.title')}</h2>
      <p className="muted">{t('settings.twoFactor.lead')}</p>
      <ol className="steps">
        <li className="step" data-done={totpLinked || undefined}>
          <h3>{t('settings.twoFactor.authenticator')}</h3>
          <p className="muted">
            {totpLinked ? t('settings.twoFactor.authenticatorOn') : t('settings.twoFactor.authenticatorHow')}
          </p>
          <FlowForm
            key={`totp:${flow.id}:${revision}`}
            nodes={nodesOfGroups(nodes, ['default', 'totp'])}
            submitting={submitting}
            passwordMinLength={passwordMinLength}
            onSubmit={submit}
            focusCode={false}
            submitLabel={(node) =>
              node.attributes.name === 'method' && node.attributes.value === 'totp'
                ? t('settings.twoFactor.turnOn')
                : undefined
            }
          />
        </li>
        <li className="step" data-done={inputNamed(nodes, 'lookup_secret_reveal') !== undefined || undefined}>
          <h3>{t('settings.twoFactor.codes')}</h3>
          <p className="muted">{t('settings.twoFactor.codesHow')}</p>
          {codes.length > 0 && (
            <div className="code-actions">
              <button type="button" className="button button-small" onClick={() => downloadCodes(codes, poolName)}>
                {t('settings.twoFactor.download')}
              </button>
              <button
                type="button"
                className="button button-small"
                onClick={() => void copyToClipboard(codes.join('\n'))}
              >
                {t('common.copy')}
              </button>
            </div>
          )}
          <FlowForm
            key={`lookup:${flow.id}:${revision}`}
            nodes={lookupNodes}
            submitting={submitting}
            passwordMinLength={passwordMinLength}
            onSubmit={submit}
          />
        </li>
      </ol>
    </section>
  );
}
