/**
 * Interface languages and their locales, without zod: the web app's first screen imports these, and
 * the schemas in languages.ts would bring zod into it.
 */

/** Interface languages of spec 1; `cn` is the pool's code for simplified Chinese. */
export const languages = ['en', 'ru', 'cn'] as const;
export type Language = (typeof languages)[number];

export const defaultLanguage: Language = 'en';

/** Spec 9: locale used for numbers and dates of each language. */
export const localeOf: Record<Language, string> = {
  en: 'en-US',
  ru: 'ru-RU',
  cn: 'cn-CN',
};

/** The same check as the `Language` schema. */
export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}
