import { localeOf, type Language } from '@pool/contract/language-codes';

/**
 * Spec 9 maps cn to the locale tag cn-CN. Intl knows no language "cn" and would fall back to its
 * default, so numbers and dates in Chinese are formatted with zh-CN, the tag Intl understands.
 */
export function intlLocaleOf(language: Language): string {
  const locale = localeOf[language];
  return locale === 'cn-CN' ? 'zh-CN' : locale;
}
