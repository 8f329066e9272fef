import { NavLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { customerQuery, type CustomerScope } from './customers-api.ts';
import './customers.css';

/** The heading of a customer's screens: its account name and the links between them. */
export function CustomerHeading({ scope, minerId, title }: { scope: CustomerScope; minerId: string; title: string }) {
  const { t } = useTranslation();
  const customer = useQuery(customerQuery(scope, minerId));
  const name = customer.data && [customer.data.account_name, customer.data.title].filter(Boolean).join(' · ');
  return (
    <>
      <div className="page-heading">
        <h1 className="page-title">{title}</h1>
        <span className="muted customer-name" title={name}>
          {name ?? '…'}
        </span>
      </div>
      <nav className="tabs customer-tabs" aria-label={t('customers.sections')}>
        <NavLink to="/customers" end>
          {t('screens.customers')}
        </NavLink>
        <NavLink to={`/customers/${minerId}`} end>
          {t('customers.tabs.mining')}
        </NavLink>
        <NavLink to={`/customers/${minerId}/settings`}>{t('customers.tabs.settings')}</NavLink>
        <NavLink to={`/customers/${minerId}/payments`}>{t('customers.tabs.payments')}</NavLink>
      </nav>
      {customer.isError && (
        <p className="notice" data-type="error">
          {t('toasts.somethingWentWrong')}
        </p>
      )}
    </>
  );
}
