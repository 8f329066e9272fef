import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UiNode, UiNodeInputAttributes, UiText } from '@/lib/ory/types.ts';
import { english, renderInApp } from '@/testing/render.tsx';
import { FlowForm } from './flow-form.tsx';

type Attributes = Omit<UiNodeInputAttributes, 'node_type' | 'disabled'>;

function input(attributes: Attributes, label?: UiText, messages: UiText[] = []): UiNode {
  return {
    type: 'input',
    group: attributes.name === 'csrf_token' ? 'default' : 'password',
    attributes: { node_type: 'input', disabled: false, ...attributes },
    messages,
    meta: label ? { label } : {},
  };
}

const text = (id: number, words: string, type: UiText['type'] = 'info'): UiText => ({ id, text: words, type });
/** Kratos's "An account with the same identifier exists already", under the field it concerns. */
const taken = text(4000007, 'An account with the same identifier exists already.', 'error');

/** A registration flow's UI nodes as the identity service renders them, with the server's error under the e-mail. */
function registrationNodes(emailMessages: UiText[] = []): UiNode[] {
  return [
    input({ name: 'csrf_token', type: 'hidden', value: 'csrf', required: true }),
    input(
      { name: 'identifier', type: 'email', value: '', required: true, autocomplete: 'email' },
      text(1070004, 'ID'),
      emailMessages,
    ),
    input(
      { name: 'password', type: 'password', required: true, autocomplete: 'new-password' },
      text(1070001, 'Password'),
    ),
    input({ name: 'method', type: 'submit', value: 'password' }, text(1040001, 'Sign up')),
  ];
}

function renderForm(nodes: UiNode[]) {
  const onSubmit = vi.fn(async () => undefined);
  renderInApp(<FlowForm nodes={nodes} onSubmit={onSubmit} submitting={false} passwordMinLength={8} />);
  return onSubmit;
}

const emailField = () => screen.getByLabelText(english.identity['1070004']);
const passwordField = () => screen.getByLabelText(english.identity['1070001']);
const submit = () => screen.getByRole('button', { name: english.identity['1040001'] });

describe("a flow's form drawn from its UI nodes", () => {
  it('renders each input under its label, keeps hidden ones out of sight, and a button per submit node', () => {
    renderForm(registrationNodes());
    expect(emailField()).toHaveAttribute('type', 'email');
    expect(passwordField()).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: english.auth.password.show })).toBeInTheDocument();
    expect(screen.queryByDisplayValue('csrf')).not.toBeVisible();
    expect(screen.getAllByRole('button', { name: english.identity['1040001'] })).toHaveLength(1);
  });

  it("shows the server's message under the field it concerns, tied to the field", () => {
    renderForm(registrationNodes([taken]));
    expect(emailField()).toHaveAttribute('aria-invalid', 'true');
    expect(emailField()).toHaveAccessibleDescription(english.identity['4000007']);
    expect(passwordField()).not.toHaveAccessibleDescription();
  });

  it('keeps the submit button disabled while a field breaks its rule, and sends the fields and method once valid', async () => {
    const user = userEvent.setup();
    const onSubmit = renderForm(registrationNodes());
    await user.type(emailField(), 'not-an-address');
    await user.type(passwordField(), 'Hashrate-2140');
    expect(emailField()).toHaveAccessibleDescription(english.validation.email);
    expect(submit()).toBeDisabled();

    await user.clear(emailField());
    await user.type(emailField(), 'alice@demo.pool');
    expect(emailField()).not.toHaveAccessibleDescription();
    expect(submit()).toBeEnabled();
    await user.click(submit());
    expect(onSubmit).toHaveBeenCalledWith({
      csrf_token: 'csrf',
      identifier: 'alice@demo.pool',
      password: 'Hashrate-2140',
      method: 'password',
    });
  });
});
