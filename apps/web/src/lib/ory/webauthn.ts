import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import type { UiNode } from './types.ts';
import { inputNamed } from './nodes.ts';

/**
 * Kratos puts the WebAuthn options as JSON (`{ publicKey: {...} }`, binary values in base64url) in the
 * trigger button's value and expects the credential back as JSON in a hidden input. The app calls the
 * browser itself instead of loading Kratos's webauthn.js, which submits a classic form.
 */
function optionsOf(nodes: readonly UiNode[], trigger: string): unknown {
  const value: unknown = inputNamed(nodes, trigger)?.attributes.value;
  if (typeof value !== 'string') throw new Error(`the flow has no ${trigger} node`);
  return (JSON.parse(value) as { publicKey: unknown }).publicKey;
}

/** Signs the flow's challenge with a security key; the JSON for `webauthn_login`. */
export async function assertWithSecurityKey(nodes: readonly UiNode[]): Promise<string> {
  const optionsJSON = optionsOf(nodes, 'webauthn_login_trigger') as Parameters<
    typeof startAuthentication
  >[0]['optionsJSON'];
  return JSON.stringify(await startAuthentication({ optionsJSON }));
}

/** Creates a credential on a security key; the JSON for `webauthn_register`. */
export async function registerSecurityKey(nodes: readonly UiNode[]): Promise<string> {
  const optionsJSON = optionsOf(nodes, 'webauthn_register_trigger') as Parameters<
    typeof startRegistration
  >[0]['optionsJSON'];
  return JSON.stringify(await startRegistration({ optionsJSON }));
}

export function hasSecurityKeySupport(): boolean {
  return typeof window !== 'undefined' && 'PublicKeyCredential' in window;
}
