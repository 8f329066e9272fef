import type { TFunction } from 'i18next';
import type { UiText } from './types.ts';

/**
 * Spec 8: identity messages are translated by their numeric id, with the id's context as
 * interpolation values, and fall back to the text the service sent when the id is not translated.
 */
export function oryText(t: TFunction, text: UiText): string {
  const key = `identity.${text.id}`;
  const context = (text.context ?? {}) as Record<string, unknown>;
  return t(key, { ...context, defaultValue: text.text });
}
