import type { WebAuthnCredential } from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import type { IdentityRuntime } from '../../runtime.ts';
import { scriptNode } from '../../ui/nodes.ts';
import type { StoredWebAuthnKey } from './config.ts';
import { webauthnScriptIntegrity } from './script.ts';

export const hexId = (id: string) => Buffer.from(isoBase64URL.toBuffer(id)).toString('hex');

export function toWebAuthnCredential(key: StoredWebAuthnKey): WebAuthnCredential {
  return {
    id: key.id,
    publicKey: isoBase64URL.toBuffer(key.public_key),
    counter: key.counter,
    transports: key.transports,
  };
}

export const webauthnScriptNode = (rt: IdentityRuntime) =>
  scriptNode(
    'webauthn',
    'webauthn_script',
    `${rt.config.publicBaseUrl}/.well-known/ory/webauthn.js`,
    webauthnScriptIntegrity,
  );

/** Kratos's JSON option values carry the `publicKey` wrapper the browser API takes. */
export const triggerValue = (options: unknown) => JSON.stringify({ publicKey: options });
