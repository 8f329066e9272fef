import { useId } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isLanguage, type Language } from '@pool/contract/language-codes';
import type { IdentityInfo } from '@pool/contract/identity';
import { usePoolConfig } from '@/lib/config/use-pool-config.ts';
import { changeLanguage } from '@/lib/i18n/change-language.ts';
import { currentLanguage } from '@/lib/i18n/i18n.ts';
import { identityQueryKey } from '@/lib/identity/get-identity.ts';

const names: Record<Language, string> = { en: 'English', ru: 'Русский', cn: '中文' };

export function LanguageSwitcher() {
  const { t } = useTranslation();
  const config = usePoolConfig();
  const client = useQueryClient();
  const id = useId();
  const identity = client.getQueryData<IdentityInfo>(identityQueryKey);

  return (
    <div className="language-switcher">
      <label htmlFor={id} className="visually-hidden">
        {t('common.language')}
      </label>
      <select
        id={id}
        value={currentLanguage()}
        onChange={(event) => {
          const language = event.target.value;
          if (!isLanguage(language)) return;
          void changeLanguage(language, { userLanguage: identity?.user.language, signedIn: identity !== undefined });
        }}
      >
        {config.settings.available_languages.map((language) => (
          <option key={language} value={language}>
            {names[language]}
          </option>
        ))}
      </select>
    </div>
  );
}
