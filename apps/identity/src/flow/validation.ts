import type { FieldMessage } from '../identity/traits-schema.ts';
import { texts, type UiText } from '../ui/text.ts';

/**
 * What a strategy rejects in a submitted form: messages for fields (`password`, `traits.email`)
 * or, with an empty field, for the whole form. The flow comes back as a 400 carrying them.
 */
export class FlowValidationError extends Error {
  constructor(readonly messages: FieldMessage[]) {
    super(messages.map((entry) => entry.message.text).join(' '));
  }

  static form(message: UiText): FlowValidationError {
    return new FlowValidationError([{ field: '', message }]);
  }

  static field(field: string, message: UiText): FlowValidationError {
    return new FlowValidationError([{ field, message }]);
  }
}

/** A submitted flow whose lifespan is over. */
export class FlowExpiredError extends Error {
  constructor(readonly expiredAt: Date) {
    super('flow expired');
  }
}

/** 4000002 or 4000003 for a required string field, in Kratos's order (absent, then empty). */
export function requireString(body: Record<string, unknown>, name: string): string | FieldMessage {
  const value = body[name];
  if (value === undefined || value === null) return { field: name, message: texts.required(name) };
  if (typeof value !== 'string')
    return { field: name, message: texts.wrongType('string', Array.isArray(value) ? 'array' : typeof value) };
  if (value.length === 0) return { field: name, message: texts.minLength(1, 0) };
  return value;
}
