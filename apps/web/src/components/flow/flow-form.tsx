import { useId, useRef, type ReactNode } from 'react';
import { useForm, useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isUiNodeImageAttributes, isUiNodeTextAttributes, type UiNode } from '@/lib/ory/types.ts';
import { formMessageText } from '@/lib/form-messages.ts';
import { oryText } from '@/lib/ory/ory-text.ts';
import type { FlowBody } from '@/lib/ory/flow-kinds.ts';
import { fieldCheck } from '@/lib/ory/field-check.ts';
import { isInputNode, isPrimarySubmit, isSubmitNode, type InputNode } from '@/lib/ory/nodes.ts';
import { PasswordInput } from './password-input.tsx';
import { PasswordRules } from './password-rules.tsx';
import { SecretText } from './secret-text.tsx';

type Values = Record<string, unknown>;

export interface FieldRenderProps {
  node: InputNode;
  field: UseFormRegisterReturn;
  label: string;
  error: ReactNode;
}

export interface FlowFormProps {
  nodes: readonly UiNode[];
  onSubmit: (body: FlowBody) => Promise<unknown>;
  submitting: boolean;
  /** New passwords show the live rule list and are checked against this minimum. */
  passwordMinLength: number;
  /** Renders a field itself instead of the default input (the terms agreement, say). */
  renderField?: (props: FieldRenderProps) => ReactNode | undefined;
  /** Values the form sends besides its fields (the sign-up data of registration, say). */
  extraValues?: () => Values;
  /** Shown above the buttons. */
  children?: ReactNode;
  /** Submit-button labels to use instead of the service's. */
  submitLabel?: (node: InputNode) => string | undefined;
  /**
   * Puts the cursor in a one-time-code field (spec 5), the default. Off where the form is one
   * section of a longer page, which would otherwise open scrolled down to it.
   */
  focusCode?: boolean;
}

function setPath(target: Values, path: string, value: unknown): void {
  const parts = path.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Values;
  node[parts.at(-1) ?? path] = value;
}

function textAt(values: Values, path: string): string {
  const value = path.split('.').reduce<unknown>((node, part) => (node as Values | undefined)?.[part], values);
  return typeof value === 'string' ? value : '';
}

function defaultsOf(nodes: readonly InputNode[]): Values {
  const values: Values = {};
  for (const node of nodes) {
    if (isSubmitNode(node)) continue;
    const { name, type } = node.attributes;
    const value: unknown = node.attributes.value;
    setPath(values, name, type === 'checkbox' ? value === true : (value ?? ''));
  }
  return values;
}

/**
 * A flow's form drawn from its UI nodes (spec 2: where the layout is open, the service's nodes decide
 * it). Client rules of spec 5 run as the user types; the submit buttons stay disabled while a field
 * is invalid; the server's messages appear under their fields.
 */
export function FlowForm({
  nodes,
  onSubmit,
  submitting,
  passwordMinLength,
  renderField,
  extraValues,
  children,
  submitLabel,
  focusCode = true,
}: FlowFormProps) {
  const { t } = useTranslation();
  const formId = useId();
  const inputs = nodes.filter(isInputNode);
  const { register, handleSubmit, control, getValues, formState } = useForm<Values>({
    mode: 'onChange',
    defaultValues: defaultsOf(inputs),
  });
  const watched = useWatch({ control });
  const pressed = useRef<{ name: string; value: unknown }>(undefined);

  const send = (values: Values) => {
    const button = pressed.current;
    const body: FlowBody = { ...values, ...extraValues?.() };
    if (button) body[button.name] = button.value;
    return onSubmit(body);
  };

  /** Secondary actions carry the hidden fields (CSRF, method) and their own value only. */
  const act = (node: InputNode) => {
    const hidden: Values = {};
    for (const input of inputs) {
      if (input.attributes.type === 'hidden') setPath(hidden, input.attributes.name, getValues(input.attributes.name));
    }
    const value: unknown = node.attributes.value;
    void onSubmit({ ...hidden, method: node.group, [node.attributes.name]: value });
  };

  const fieldError = (node: InputNode): ReactNode => {
    const name = node.attributes.name;
    const client = name
      .split('.')
      .reduce<unknown>((errors, part) => (errors as Values | undefined)?.[part], formState.errors) as
      { message?: string } | undefined;
    const messages = [
      ...(client?.message ? [formMessageText(t, client.message)] : []),
      ...node.messages.map((message) => oryText(t, message)),
    ];
    if (messages.length === 0) return null;
    return (
      <ul className="field-errors" id={`${formId}-${name}-errors`}>
        {messages.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
    );
  };

  const renderNode = (node: UiNode, index: number): ReactNode => {
    if (isUiNodeImageAttributes(node.attributes)) {
      const label = node.meta.label ? oryText(t, node.meta.label) : '';
      return (
        <img
          key={node.attributes.id}
          className="flow-image"
          src={node.attributes.src}
          width={node.attributes.width}
          height={node.attributes.height}
          alt={label}
        />
      );
    }
    if (isUiNodeTextAttributes(node.attributes)) {
      return <SecretText key={node.attributes.id} node={node} attributes={node.attributes} />;
    }
    if (!isInputNode(node) || isSubmitNode(node)) return null;
    const { name, type, required, autocomplete, disabled } = node.attributes;
    const check = fieldCheck(node, passwordMinLength);
    const field = register(name, check ? { validate: check } : {});
    if (type === 'hidden') return <input key={`${name}:${index}`} type="hidden" {...field} />;
    const label = node.meta.label ? oryText(t, node.meta.label) : name;
    const error = fieldError(node);
    const custom = renderField?.({ node, field, label, error });
    if (custom !== undefined) return <div key={name}>{custom}</div>;
    const id = `${formId}-${name}`;
    const describedBy = error ? `${id}-errors` : undefined;
    const common = {
      id,
      ...field,
      required,
      disabled,
      autoComplete: autocomplete,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy,
    };
    if (type === 'checkbox') {
      return (
        <div key={name} className="field field-checkbox">
          <input type="checkbox" {...common} />
          <label htmlFor={id}>{label}</label>
          {error}
        </div>
      );
    }
    const isOneTimeCode = name === 'totp_code' || name === 'code' || autocomplete === 'one-time-code';
    return (
      <div key={name} className="field">
        <label htmlFor={id}>{label}</label>
        {type === 'password' ? (
          <PasswordInput {...common} />
        ) : (
          <input
            type={type === 'number' ? 'text' : type}
            inputMode={isOneTimeCode ? 'numeric' : undefined}
            autoFocus={isOneTimeCode && focusCode}
            {...common}
          />
        )}
        {type === 'password' && autocomplete === 'new-password' && (
          <PasswordRules password={textAt(watched, name)} minLength={passwordMinLength} />
        )}
        {error}
      </div>
    );
  };

  const submits = inputs.filter(isSubmitNode);
  const primary = submits.filter(isPrimarySubmit);
  const secondary = submits.filter((node) => !isPrimarySubmit(node) && !node.attributes.onclickTrigger);
  const label = (node: InputNode) =>
    submitLabel?.(node) ?? (node.meta.label ? oryText(t, node.meta.label) : t('auth.submit'));

  return (
    <form className="flow-form" noValidate onSubmit={(event) => void handleSubmit(send)(event)}>
      {nodes.map(renderNode)}
      {children}
      <div className="flow-actions">
        {primary.map((node) => (
          <button
            key={`${node.attributes.name}:${String(node.attributes.value)}`}
            type="submit"
            className="button button-primary button-block"
            disabled={submitting || !formState.isValid || node.attributes.disabled}
            onClick={() => (pressed.current = { name: node.attributes.name, value: node.attributes.value })}
          >
            {label(node)}
          </button>
        ))}
        {secondary.map((node) => (
          <button
            key={`${node.attributes.name}:${String(node.attributes.value)}`}
            type="button"
            className="button button-block"
            disabled={submitting || node.attributes.disabled}
            onClick={() => act(node)}
          >
            {label(node)}
          </button>
        ))}
      </div>
    </form>
  );
}
