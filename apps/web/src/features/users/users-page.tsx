import { useId } from 'react';
import { Link } from 'react-router';
import { useSearchState } from '@/lib/search-state/use-search-state.ts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Pager } from '@/components/ui/pager.tsx';
import { currentLocale } from '@/lib/i18n/i18n.ts';
import { formatDateTime } from '@/lib/format/time.ts';
import { useEntryData } from '@/lib/use-entry-data.ts';
import { usersPerPage, usersQuery, type UsersParams } from './users-api.ts';

/** The list's search and page live in the address, so a search can be shared and survives a reload. */
export function usersParamsOf(search: URLSearchParams): UsersParams {
  const page = Number(search.get('page') ?? '1');
  return { search: search.get('q') ?? '', page: Number.isInteger(page) && page >= 1 ? page : 1 };
}

function searchOf(params: UsersParams): URLSearchParams {
  const search = new URLSearchParams();
  if (params.search) search.set('q', params.search);
  if (params.page > 1) search.set('page', String(params.page));
  return search;
}

/**
 * Spec 2 `/users`: the pool's users for its staff and the platform's admins, searched by e-mail
 * or account name, a page at a time; each opens the user's page.
 */
export function UsersPage() {
  const { t } = useTranslation();
  const id = useId();
  const locale = currentLocale();
  // A platform permission names the pool's id, as a pool permission does.
  const poolId = useEntryData().active?.account_id ?? '';
  const [params, change] = useSearchState(usersParamsOf, searchOf);
  const list = useQuery({ ...usersQuery(poolId, params), enabled: poolId !== '' });

  return (
    <div className="page">
      <div className="page-heading">
        <h1 className="page-title">{t('screens.users')}</h1>
      </div>
      <section className="card" aria-label={t('screens.users')}>
        <div className="field">
          <label htmlFor={`${id}-search`}>{t('poolUsers.search')}</label>
          <input
            id={`${id}-search`}
            type="search"
            autoComplete="off"
            defaultValue={params.search}
            onChange={(event) => change({ search: event.target.value.trim(), page: 1 })}
          />
        </div>
        {list.data && list.data.items.length > 0 && (
          <div className="table-scroll">
            <table className="table record-table users-table">
              <thead>
                <tr>
                  <th scope="col">{t('poolUsers.columns.email')}</th>
                  <th scope="col">{t('poolUsers.columns.accounts')}</th>
                  <th scope="col">{t('poolUsers.columns.since')}</th>
                </tr>
              </thead>
              <tbody>
                {list.data.items.map((user) => (
                  <tr key={user.id} data-user={user.id}>
                    <th scope="row" data-label={t('poolUsers.columns.email')} className="record-title">
                      <Link to={`/users/${user.id}`}>{user.email}</Link>
                    </th>
                    <td data-label={t('poolUsers.columns.accounts')}>
                      {user.accounts.map((account) => (
                        <span key={`${account.account_type}:${account.account_name}`} className="user-account">
                          {account.account_name}
                          {account.account_type !== 'miner' && (
                            <span className="muted small"> · {t(`poolUsers.kinds.${account.account_type}`)}</span>
                          )}{' '}
                          <span className="badge">{t(`roles.${account.role}`)}</span>{' '}
                        </span>
                      ))}
                    </td>
                    <td data-label={t('poolUsers.columns.since')}>
                      <time dateTime={user.created_at}>{formatDateTime(new Date(user.created_at), locale)}</time>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {list.data?.items.length === 0 && <p className="muted empty">{t('poolUsers.none')}</p>}
        {list.isPending && <div className="chart-placeholder" aria-busy="true" />}
        {list.isError && (
          <p className="notice" data-type="error">
            {t('toasts.somethingWentWrong')}
          </p>
        )}
        <Pager
          summaryKey="poolUsers.count"
          page={params.page}
          perPage={usersPerPage}
          total={list.data?.total}
          onPage={(page) => change({ ...params, page })}
        />
      </section>
    </div>
  );
}
