import type { FlowKind } from '../db/schema.ts';
import type { AuthenticatorAssuranceLevel } from '../session/session.ts';
import type { UiContainer } from '../ui/container.ts';
import { maskToken } from '../http/csrf.ts';

export type FlowType = 'browser' | 'api';

export interface Flow {
  id: string;
  kind: FlowKind;
  type: FlowType;
  state: string;
  /** The identity a settings flow belongs to. */
  identityId: string | null;
  csrfToken: string;
  requestUrl: string;
  returnTo: string | null;
  active: string | null;
  refresh: boolean;
  requestedAal: AuthenticatorAssuranceLevel;
  ui: UiContainer;
  internal: Record<string, unknown>;
  transientPayload: Record<string, unknown> | null;
  issuedAt: Date;
  expiresAt: Date;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * Kratos's `DangerousSkipCSRFCheck`: a recovery flow the admin API issued (an invitation) is not
 * bound to any browser's anti-CSRF cookie; its one-time code is what proves the person.
 */
export const skipsCsrfCheck = (flow: Flow) => flow.internal.dangerousSkipCsrfCheck === true;

export const isExpired = (flow: Flow, now: Date) => flow.expiresAt.getTime() <= now.getTime();

/** `PUB/self-service/<kind>?flow=<id>`: where the form posts. */
export const actionUrl = (publicBaseUrl: string, kind: FlowKind, id: string) =>
  `${publicBaseUrl}/self-service/${kind}?flow=${id}`;

/** The UI with a freshly masked CSRF token: masks differ on every render, all verify. */
export function renderUi(flow: Flow): UiContainer {
  const ui = structuredClone(flow.ui);
  for (const node of ui.nodes) {
    if (node.attributes.node_type === 'input' && node.attributes.name === 'csrf_token')
      node.attributes.value = flow.type === 'browser' ? maskToken(flow.csrfToken) : '';
  }
  return ui;
}

/** The fields every flow kind shows, in Kratos's JSON names. */
export function baseFlowJson(flow: Flow): Record<string, unknown> {
  return {
    id: flow.id,
    type: flow.type,
    expires_at: flow.expiresAt.toISOString(),
    issued_at: flow.issuedAt.toISOString(),
    request_url: flow.requestUrl,
    ...(flow.returnTo ? { return_to: flow.returnTo } : {}),
    ...(flow.active ? { active: flow.active } : {}),
    ui: renderUi(flow),
    state: flow.state,
    ...(flow.transientPayload ? { transient_payload: flow.transientPayload } : {}),
  };
}
