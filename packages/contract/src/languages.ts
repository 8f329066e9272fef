import { z } from 'zod';

/** Interface languages of spec 1; `cn` is the pool's code for simplified Chinese. */
export const languages = ['en', 'ru', 'cn'] as const;
export const Language = z.enum(languages);
export type Language = z.infer<typeof Language>;

export const defaultLanguage: Language = 'en';

/** Spec 9: locale used for numbers and dates of each language. */
export const localeOf: Record<Language, string> = {
  en: 'en-US',
  ru: 'ru-RU',
  cn: 'cn-CN',
};
