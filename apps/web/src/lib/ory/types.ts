import type * as Ory from '@ory/client-fetch';

/**
 * An SDK model as the identity service sends it: plain JSON, so its dates stay ISO strings. The app
 * reads the wire itself (see `identity-http.ts`) and borrows only the SDK's types.
 */
type Wire<T> = T extends Date
  ? string
  : T extends readonly (infer Item)[]
    ? Wire<Item>[]
    : T extends object
      ? { [Key in keyof T]: Wire<T[Key]> }
      : T;

export type LoginFlow = Wire<Ory.LoginFlow>;
export type RegistrationFlow = Wire<Ory.RegistrationFlow>;
export type RecoveryFlow = Wire<Ory.RecoveryFlow>;
export type VerificationFlow = Wire<Ory.VerificationFlow>;
export type SettingsFlow = Wire<Ory.SettingsFlow>;
export type Session = Wire<Ory.Session>;
export type ContinueWith = Wire<Ory.ContinueWith>;
export type SuccessfulNativeLogin = Wire<Ory.SuccessfulNativeLogin>;
export type SuccessfulNativeRegistration = Wire<Ory.SuccessfulNativeRegistration>;
export type LogoutFlow = Wire<Ory.LogoutFlow>;
export type UiNode = Wire<Ory.UiNode>;
export type UiText = Wire<Ory.UiText>;
export type UiNodeAttributes = UiNode['attributes'];
export type UiNodeInputAttributes = Wire<Ory.UiNodeInputAttributes>;
export type UiNodeTextAttributes = Wire<Ory.UiNodeTextAttributes>;
export type UiNodeImageAttributes = Wire<Ory.UiNodeImageAttributes>;

export function isUiNodeInputAttributes(
  attributes: UiNodeAttributes,
): attributes is UiNodeAttributes & UiNodeInputAttributes {
  return attributes.node_type === 'input';
}

export function isUiNodeTextAttributes(
  attributes: UiNodeAttributes,
): attributes is UiNodeAttributes & UiNodeTextAttributes {
  return attributes.node_type === 'text';
}

export function isUiNodeImageAttributes(
  attributes: UiNodeAttributes,
): attributes is UiNodeAttributes & UiNodeImageAttributes {
  return attributes.node_type === 'img';
}
