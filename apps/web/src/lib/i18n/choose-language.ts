import { defaultLanguage, isLanguage, languages, type Language } from '@pool/contract/language-codes';

export interface LanguageSources {
  /** The choice saved on this device. */
  saved?: string | undefined;
  /** The pool's default language (config settings.default_language). */
  serverDefault?: string | undefined;
  /** `navigator.languages`, when the browser offers them. */
  browser?: readonly string[] | undefined;
  /** The pool's available languages; all three when unknown. */
  available?: readonly Language[] | undefined;
}

/** Browsers say zh-CN or zh; the pool calls simplified Chinese `cn`. */
function fromBrowserTag(tag: string): Language | undefined {
  const primary = tag.toLowerCase().split('-')[0];
  if (primary === 'zh') return 'cn';
  return isLanguage(primary) ? primary : undefined;
}

/** Spec 4: the saved choice, else the server default, else the browser's languages, else en. */
export function chooseLanguage({ saved, serverDefault, browser, available = languages }: LanguageSources): Language {
  const usable = (value: string | undefined): Language | undefined => {
    return isLanguage(value) && available.includes(value) ? value : undefined;
  };
  const fromBrowser = browser?.map(fromBrowserTag).find((language) => usable(language));
  return usable(saved) ?? usable(serverDefault) ?? fromBrowser ?? defaultLanguage;
}
