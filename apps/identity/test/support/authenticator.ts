import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

interface CreationOptions {
  publicKey: { challenge: string; rp: { id?: string }; user: { id: string } };
}
interface RequestOptions {
  publicKey: { challenge: string; rpId?: string; allowCredentials?: { id: string }[] };
}

/**
 * A security key in software: a P-256 key pair that answers WebAuthn ceremonies with `none` or
 * `packed` (self) attestation and signed assertions, as a browser would hand them to the page.
 */
export class SoftwareAuthenticator {
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  readonly credentialId = randomBytes(32);
  private counter = 0;

  constructor(
    private readonly origin: string,
    private readonly attestation: 'none' | 'packed' = 'none',
  ) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  get id(): string {
    return isoBase64URL.fromBuffer(this.credentialId);
  }

  private coseKey(): Uint8Array {
    const jwk = this.publicKey.export({ format: 'jwk' });
    return isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, isoBase64URL.toBuffer(jwk.x ?? '')],
        [-3, isoBase64URL.toBuffer(jwk.y ?? '')],
      ]),
    );
  }

  private authenticatorData(rpId: string, attested: boolean): Buffer {
    this.counter += 1;
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    const head = Buffer.concat([sha256(rpId), Buffer.from([attested ? 0x41 : 0x01]), count]);
    if (!attested) return head;
    const length = Buffer.alloc(2);
    length.writeUInt16BE(this.credentialId.length);
    return Buffer.concat([head, Buffer.alloc(16), length, this.credentialId, Buffer.from(this.coseKey())]);
  }

  /** `navigator.credentials.create` followed by the webauthn.js serialisation. */
  register(optionsJson: string, rpId: string): string {
    const options = JSON.parse(optionsJson) as CreationOptions;
    const clientData = Buffer.from(
      JSON.stringify({
        type: 'webauthn.create',
        challenge: options.publicKey.challenge,
        origin: this.origin,
        crossOrigin: false,
      }),
    );
    const authData = this.authenticatorData(options.publicKey.rp.id ?? rpId, true);
    const attStmt =
      this.attestation === 'packed'
        ? new Map<string, number | Uint8Array>([
            ['alg', -7],
            ['sig', sign('sha256', Buffer.concat([authData, sha256(clientData)]), this.privateKey)],
          ])
        : new Map<string, number | Uint8Array>();
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, number | Uint8Array>>([
        ['fmt', this.attestation],
        ['attStmt', attStmt],
        ['authData', authData],
      ]),
    );
    return JSON.stringify({
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        attestationObject: isoBase64URL.fromBuffer(attestationObject),
        clientDataJSON: isoBase64URL.fromBuffer(new Uint8Array(clientData)),
        transports: ['usb'],
      },
    });
  }

  /** `navigator.credentials.get` followed by the webauthn.js serialisation. */
  assert(optionsJson: string, rpId: string, challengeOverride?: string): string {
    const options = JSON.parse(optionsJson) as RequestOptions;
    const clientData = Buffer.from(
      JSON.stringify({
        type: 'webauthn.get',
        challenge: challengeOverride ?? options.publicKey.challenge,
        origin: this.origin,
      }),
    );
    const authData = this.authenticatorData(options.publicKey.rpId ?? rpId, false);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), this.privateKey);
    return JSON.stringify({
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        authenticatorData: isoBase64URL.fromBuffer(new Uint8Array(authData)),
        clientDataJSON: isoBase64URL.fromBuffer(new Uint8Array(clientData)),
        signature: isoBase64URL.fromBuffer(new Uint8Array(signature)),
      },
    });
  }
}
