import { z } from 'zod';
import { Language } from './languages.ts';
import { Permission } from './accounts.ts';

export const User = z.object({ id: z.uuid(), email: z.email(), language: Language.nullable() });
export type User = z.infer<typeof User>;

/** Which second-factor methods the identity has set up (read from the identity service). */
export const SecondFactors = z.object({ totp: z.boolean(), lookup_secret: z.boolean(), webauthn: z.boolean() });
export type SecondFactors = z.infer<typeof SecondFactors>;

export const widgets = ['support_chat', 'messenger', 'email_marketing'] as const;
export const Widget = z.enum(widgets);
export type Widget = z.infer<typeof Widget>;

/** HMAC-SHA256 of the user id per widget; a widget without a configured secret is absent. */
export const WidgetVerification = z.partialRecord(Widget, z.string().regex(/^[0-9a-f]{64}$/));
export type WidgetVerification = z.infer<typeof WidgetVerification>;

/** `GET identity`: spec 3 Identity and Session in one answer. */
export const IdentityInfo = z.object({
  user: User,
  permissions: z.array(Permission),
  credentials: SecondFactors,
  verification: WidgetVerification,
});
export type IdentityInfo = z.infer<typeof IdentityInfo>;

export const LanguageBody = z.object({ language: Language });

/** Navigation bookmarks: pages a user pinned, in their order. */
export const Bookmark = z.object({
  title: z.string().trim().min(1).max(64),
  path: z
    .string()
    // A path of this origin: `//host` would leave it.
    .regex(/^\/(?!\/)[^\s]*$/)
    .max(512),
});
export const Navigation = z.object({ bookmarks: z.array(Bookmark).max(50) });
export type Navigation = z.infer<typeof Navigation>;

export const IdentityIdParams = z.object({ id: z.uuid() });
