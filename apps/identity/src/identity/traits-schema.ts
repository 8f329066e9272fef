import { inputNode, type NodeGroup, type UiNode } from '../ui/nodes.ts';
import { texts, type UiText } from '../ui/text.ts';

export const defaultSchemaId = 'default';

/**
 * The one identity schema: the e-mail is the login identifier, the verifiable and the recovery
 * address (Kratos's `ory.sh/kratos` extension says so); terms must be agreed to at registration.
 */
export const traitsSchema = {
  $id: 'https://schemas.pool.local/identity/default.schema.json',
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'Person',
  type: 'object',
  properties: {
    traits: {
      type: 'object',
      properties: {
        email: {
          type: 'string',
          format: 'email',
          title: 'E-Mail',
          minLength: 3,
          maxLength: 320,
          'ory.sh/kratos': {
            credentials: {
              password: { identifier: true },
              webauthn: { identifier: true },
              totp: { account_name: true },
            },
            verification: { via: 'email' },
            recovery: { via: 'email' },
          },
        },
        terms_agreed: { type: 'boolean', title: 'I agree to the terms of use', const: true },
      },
      required: ['email', 'terms_agreed'],
      additionalProperties: false,
    },
  },
} as const;

export type Traits = Record<string, unknown> & {
  email: string;
  terms_agreed: boolean;
};

/** A validation message for one field (`traits.email`) or, with an empty field, for the form. */
export interface FieldMessage {
  field: string;
  message: UiText;
}

const emailPattern = /^[^\s@"(),:;<>[\\\]]+@[^\s@"(),:;<>[\\\]]+\.[^\s@"(),:;<>[\\\]]+$/;
const traitNames = ['email', 'terms_agreed'] as const;

/** Trims, lower-cases: how an e-mail is compared as identifier and address. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** Checkbox values from forms arrive as strings; the schema says the trait is boolean. */
function coerce(traits: Record<string, unknown>): Record<string, unknown> {
  const value = traits.terms_agreed;
  if (value === 'true') return { ...traits, terms_agreed: true };
  if (value === 'false') return { ...traits, terms_agreed: false };
  return traits;
}

export function validateTraits(
  raw: unknown,
): { ok: true; traits: Traits } | { ok: false; messages: FieldMessage[]; echo: Record<string, unknown> } {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return {
      ok: false,
      messages: [{ field: 'traits', message: texts.wrongType('object', jsonType(raw)) }],
      echo: {},
    };
  }
  const traits = coerce(raw as Record<string, unknown>);
  const messages: FieldMessage[] = [];
  for (const extra of Object.keys(traits).filter((key) => !(traitNames as readonly string[]).includes(key))) {
    messages.push({ field: 'traits', message: texts.generic(`additionalProperties "${extra}" not allowed`) });
  }
  const { email, terms_agreed: terms } = traits;
  if (email === undefined) messages.push({ field: 'traits.email', message: texts.required('email') });
  else if (typeof email !== 'string')
    messages.push({ field: 'traits.email', message: texts.wrongType('string', jsonType(email)) });
  else if ([...email].length < 3)
    messages.push({ field: 'traits.email', message: texts.minLength(3, [...email].length) });
  else if ([...email].length > 320)
    messages.push({ field: 'traits.email', message: texts.maxLength(320, [...email].length) });
  else if (!emailPattern.test(email)) messages.push({ field: 'traits.email', message: texts.invalidEmail(email) });
  if (terms === undefined) messages.push({ field: 'traits.terms_agreed', message: texts.required('terms_agreed') });
  else if (typeof terms !== 'boolean')
    messages.push({ field: 'traits.terms_agreed', message: texts.wrongType('boolean', jsonType(terms)) });
  else if (!terms) messages.push({ field: 'traits.terms_agreed', message: texts.constant(true) });
  if (messages.length) return { ok: false, messages, echo: traits };
  return { ok: true, traits: { email: email as string, terms_agreed: true } };
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** The trait inputs, with values echoed back (Kratos re-renders what was submitted). */
export function traitNodes(group: NodeGroup, values: Record<string, unknown> = {}, hidden = false): UiNode[] {
  const email = typeof values.email === 'string' ? values.email : undefined;
  const terms = typeof values.terms_agreed === 'boolean' ? values.terms_agreed : undefined;
  const { email: emailSchema, terms_agreed: termsSchema } = traitsSchema.properties.traits.properties;
  return [
    inputNode(group, 'traits.email', hidden ? 'hidden' : 'email', {
      ...(email !== undefined ? { value: email } : {}),
      required: true,
      ...(hidden ? {} : { autocomplete: 'email' }),
      label: texts.labelTrait(emailSchema.title, 'traits.email'),
    }),
    inputNode(group, 'traits.terms_agreed', hidden ? 'hidden' : 'checkbox', {
      ...(terms !== undefined ? { value: terms } : {}),
      required: true,
      label: texts.labelTrait(termsSchema.title, 'traits.terms_agreed'),
    }),
  ];
}

/** `PUB/schemas/<base64url(schema id)>`, as Kratos links an identity to its schema. */
export function schemaUrl(publicBaseUrl: string, schemaId: string): string {
  return `${publicBaseUrl}/schemas/${Buffer.from(schemaId).toString('base64url')}`;
}
