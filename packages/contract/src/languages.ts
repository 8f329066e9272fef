import { z } from 'zod';
import { languages } from './language-codes.ts';

export { defaultLanguage, isLanguage, languages, localeOf } from './language-codes.ts';

export const Language = z.enum(languages);
export type Language = z.infer<typeof Language>;
