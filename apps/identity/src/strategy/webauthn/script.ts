import { createHash } from 'node:crypto';

/**
 * Served at `/.well-known/ory/webauthn.js`, doing what Kratos's script does: each trigger reads its
 * options (JSON, binary values base64url), asks the browser's authenticator, writes the result as
 * JSON into the hidden input (`webauthn_register` / `webauthn_login`) and submits the form.
 */
export const webauthnScript = `(function () {
  'use strict';
  function toBuffer(value) {
    var base64 = value.replace(/-/g, '+').replace(/_/g, '/');
    while (base64.length % 4) base64 += '=';
    var binary = atob(base64);
    var bytes = new Uint8Array(binary.length);
    for (var i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes.buffer;
  }
  function toBase64Url(buffer) {
    var bytes = new Uint8Array(buffer);
    var binary = '';
    for (var i = 0; i < bytes.length; i++) binary += String.fromCharCode(bytes[i]);
    return btoa(binary).replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, '');
  }
  function optionsOf(value) {
    return typeof value === 'string' ? JSON.parse(value) : JSON.parse(JSON.stringify(value));
  }
  function supported() {
    if (window.PublicKeyCredential) return true;
    alert('This browser does not support WebAuthn!');
    return false;
  }
  function submitWith(name, value) {
    var input = document.getElementsByName(name)[0];
    if (!input) return;
    input.value = value;
    var form = input.closest('form');
    if (!form) return;
    if (form.requestSubmit) form.requestSubmit();
    else form.submit();
  }
  function extensions(credential) {
    return credential.getClientExtensionResults ? credential.getClientExtensionResults() : {};
  }
  function login(value) {
    if (!supported()) return;
    var options = optionsOf(value);
    options.publicKey.challenge = toBuffer(options.publicKey.challenge);
    (options.publicKey.allowCredentials || []).forEach(function (allowed) {
      allowed.id = toBuffer(allowed.id);
    });
    navigator.credentials.get(options).then(function (credential) {
      submitWith('webauthn_login', JSON.stringify({
        id: credential.id,
        rawId: toBase64Url(credential.rawId),
        type: credential.type,
        clientExtensionResults: extensions(credential),
        response: {
          authenticatorData: toBase64Url(credential.response.authenticatorData),
          clientDataJSON: toBase64Url(credential.response.clientDataJSON),
          signature: toBase64Url(credential.response.signature),
          userHandle: credential.response.userHandle ? toBase64Url(credential.response.userHandle) : undefined
        }
      }));
    }).catch(function (error) { alert(error); });
  }
  function registration(value) {
    if (!supported()) return;
    var options = optionsOf(value);
    options.publicKey.challenge = toBuffer(options.publicKey.challenge);
    options.publicKey.user.id = toBuffer(options.publicKey.user.id);
    (options.publicKey.excludeCredentials || []).forEach(function (excluded) {
      excluded.id = toBuffer(excluded.id);
    });
    navigator.credentials.create(options).then(function (credential) {
      submitWith('webauthn_register', JSON.stringify({
        id: credential.id,
        rawId: toBase64Url(credential.rawId),
        type: credential.type,
        clientExtensionResults: extensions(credential),
        response: {
          attestationObject: toBase64Url(credential.response.attestationObject),
          clientDataJSON: toBase64Url(credential.response.clientDataJSON),
          transports: credential.response.getTransports ? credential.response.getTransports() : []
        }
      }));
    }).catch(function (error) { alert(error); });
  }
  window.oryWebAuthnLogin = window.__oryWebAuthnLogin = login;
  window.oryWebAuthnRegistration = window.__oryWebAuthnRegistration = registration;
  window.oryPasskeyLogin = window.__oryPasskeyLogin = login;
  window.oryPasskeyRegistration = window.__oryPasskeyRegistration = registration;
  window.oryPasskeySettingsRegistration = window.__oryPasskeySettingsRegistration = registration;
  window.oryPasskeyLoginAutocompleteInit = window.__oryPasskeyLoginAutocompleteInit = function () {};
  window.__oryWebAuthnInitialized = true;
  window.dispatchEvent(new Event('oryWebAuthnInitialized'));
})();
`;

/** What the script node's `integrity` carries, so a browser refuses an altered script. */
export const webauthnScriptIntegrity = `sha512-${createHash('sha512').update(webauthnScript).digest('base64')}`;
