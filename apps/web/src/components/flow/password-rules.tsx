import { useTranslation } from 'react-i18next';
import { passwordRules } from '@/lib/validation.ts';

/**
 * Spec 2 and 5: the rules of a new password, checked as it is typed. Length and a digit are required;
 * a special symbol and both cases make it stronger.
 */
export function PasswordRules({ password, minLength }: { password: string; minLength: number }) {
  const { t } = useTranslation();
  const met = passwordRules(password, minLength);
  const rule = (ok: boolean, label: string) => (
    <li data-met={ok || undefined}>
      <span className="visually-hidden">{ok ? t('auth.password.ruleMet') : t('auth.password.ruleNotMet')}</span>
      {label}
    </li>
  );
  return (
    <div className="password-rules">
      <p className="muted">{t('auth.password.hint')}</p>
      <ul>
        {rule(met.minLength, t('auth.password.rules.minLength', { count: minLength }))}
        {rule(met.digit, t('auth.password.rules.digit'))}
        {rule(met.special, t('auth.password.rules.special'))}
        {rule(met.cases, t('auth.password.rules.cases'))}
      </ul>
    </div>
  );
}
