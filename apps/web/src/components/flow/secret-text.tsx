import type { UiNode, UiNodeTextAttributes, UiText } from '@/lib/ory/types.ts';
import { useTranslation } from 'react-i18next';
import { copyToClipboard } from '@/lib/clipboard.ts';
import { oryText } from '@/lib/ory/ory-text.ts';

/** Lookup codes come as one text whose context lists each code (Kratos 1050015 with `secrets`). */
function secretsOf(text: UiText): UiText[] | undefined {
  const secrets = (text.context as { secrets?: UiText[] } | undefined)?.secrets;
  return Array.isArray(secrets) ? secrets : undefined;
}

/** A text node: the TOTP setup secret, or the list of lookup codes. */
export function SecretText({ node, attributes }: { node: UiNode; attributes: UiNodeTextAttributes }) {
  const { t } = useTranslation();
  const { text, id } = attributes;
  const secrets = secretsOf(text);
  const label = node.meta.label ? oryText(t, node.meta.label) : undefined;
  return (
    <div className="secret-text" data-node={id}>
      {label && <p className="muted">{label}</p>}
      {secrets ? (
        <ol className="lookup-codes">
          {secrets.map((secret, index) => (
            <li key={index} data-used={secret.id === 1050014 || undefined}>
              <code>{secret.id === 1050014 ? t('auth.twoFactor.codeUsed') : secret.text}</code>
            </li>
          ))}
        </ol>
      ) : (
        <div className="secret-row">
          <code className="secret">{text.text}</code>
          <button type="button" className="button button-small" onClick={() => void copyToClipboard(text.text)}>
            {t('common.copy')}
          </button>
        </div>
      )}
    </div>
  );
}
