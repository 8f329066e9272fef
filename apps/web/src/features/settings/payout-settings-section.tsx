import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Permission } from '@pool/contract/accounts';
import { managingRoles } from '@pool/contract/access-codes';
import { toast } from '@/components/toast/toast-store.ts';
import { currentLocale } from '@/lib/i18n/i18n.ts';
import { formatBtcNumber } from '@/lib/money/format.ts';
import { parseBtc } from '@/lib/money/parse-btc.ts';
import { payoutSettingsAnchor } from '@/lib/money/payout-settings-path.ts';
import { formMessage } from '@/lib/form-messages.ts';
import {
  minerInfoQuery,
  setThreshold,
  setWalletAddress,
  thresholdQuery,
  walletAddressesQuery,
  walletQueryKey,
  type ThresholdKind,
} from './wallet-api.ts';
import { WalletValueForm } from './wallet-value-form.tsx';
import { useSettled } from './use-settled.ts';
import { dateTimeFormat } from '@/lib/format/formatters.ts';

const parseAddress = (text: string): { value: string } | { error: string } =>
  text.trim() === '' ? { error: formMessage.required } : { value: text.trim() };

const parseAmount = (text: string): { value: number } | { error: string } => {
  const parsed = parseBtc(text);
  return 'error' in parsed ? parsed : { value: parsed.satoshis };
};

/** The latest of the stops the reads answered (a change stops payouts for a day, spec 4). */
function stoppedUntil(values: (string | null | undefined)[]): string | undefined {
  return values.filter((value): value is string => !!value).sort((a, b) => Date.parse(b) - Date.parse(a))[0];
}

/**
 * Spec 2 "Payout settings": the active miner's wallet address, minimum and maximum payout, in BTC
 * as typed and sent as whole satoshis. Shown only to roles that read Payments; editable only by a
 * managing role (spec 6), read-only to the others.
 */
/** Whether the active account has payout settings: a miner whose role reads its payments. */
export const showsPayoutSettings = (active: Permission | undefined): active is Permission =>
  !!active && active.type === 'miner' && active.flags.section_payments_read;

export function PayoutSettingsSection({
  active,
  onSettled,
}: {
  active: Permission | undefined;
  /** Once the section has its answer (see `useSettled`). */
  onSettled?: () => void;
}) {
  if (!showsPayoutSettings(active)) return null;
  return (
    <PayoutSettings minerId={active.account_id} canChange={managingRoles.includes(active.role)} onSettled={onSettled} />
  );
}

function PayoutSettings({
  minerId,
  canChange,
  onSettled,
}: {
  minerId: string;
  canChange: boolean;
  onSettled?: () => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const miner = useQuery(minerInfoQuery(minerId));
  const wallet = miner.data?.wallets[0];
  const walletId = wallet?.id ?? '';
  const addresses = useQuery({ ...walletAddressesQuery(minerId, walletId), enabled: !!wallet });
  const [min, max] = useQueries({
    queries: (['min', 'max'] as const).map((kind) => ({
      ...thresholdQuery(minerId, walletId, kind),
      enabled: !!wallet,
    })),
  });
  const locale = currentLocale();
  const stop = stoppedUntil([
    wallet?.payouts_stopped_until,
    addresses.data?.payouts_stopped_until,
    min?.data?.payouts_stopped_until,
    max?.data?.payouts_stopped_until,
  ]);
  const refresh = async (what: string) => {
    toast.success(t('payouts.saved', { what }));
    await client.invalidateQueries({ queryKey: walletQueryKey(minerId) });
  };
  const ready = wallet && addresses.data && min?.data && max?.data;
  const failed = miner.isError || addresses.isError || !!min?.isError || !!max?.isError;
  useSettled(!!ready || failed || (miner.isSuccess && !wallet), onSettled);
  const btc = (amount: number) => formatBtcNumber(amount, 'en-US').replace(/,/g, '');
  const thresholdForm = (kind: ThresholdKind, amount: number) => (
    <WalletValueForm
      key={`${kind}:${amount}`}
      label={t(kind === 'min' ? 'payouts.minimum' : 'payouts.maximum')}
      hint={t(kind === 'min' ? 'payouts.minimumHint' : 'payouts.maximumHint')}
      field="amount"
      initial={btc(amount)}
      inputMode="decimal"
      parse={parseAmount}
      save={(satoshis) => setThreshold(walletId, kind, satoshis)}
      onSaved={() => refresh(t(kind === 'min' ? 'payouts.minimum' : 'payouts.maximum'))}
    />
  );

  return (
    <section className="card" id={payoutSettingsAnchor} aria-labelledby="payout-settings-title" aria-busy={!ready}>
      <h2 id="payout-settings-title">{t('payouts.title')}</h2>
      {/* The lead is known before the wallet: it paints with the page, not after four answers. */}
      {canChange && <p className="muted">{t('payouts.lead')}</p>}
      {miner.isError && (
        <p className="notice" data-type="error">
          {t('payouts.unavailable')}
        </p>
      )}
      {stop && (
        <p className="notice" data-type="warning" role="status">
          {t('payouts.stopped', {
            until: dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(stop)),
          })}{' '}
          {t('payouts.stoppedWhy')}
        </p>
      )}
      {ready && !canChange && (
        <dl className="facts">
          <dt>{t('payouts.address')}</dt>
          <dd className="mono">{addresses.data.current ?? t('payouts.noAddress')}</dd>
          <dt>{t('payouts.minimum')}</dt>
          <dd>{formatBtcNumber(min.data.amount, locale)} BTC</dd>
          <dt>{t('payouts.maximum')}</dt>
          <dd>{max.data.amount === 0 ? t('payouts.noLimit') : `${formatBtcNumber(max.data.amount, locale)} BTC`}</dd>
        </dl>
      )}
      {ready && canChange && (
        <>
          <WalletValueForm
            key={`address:${addresses.data.current ?? ''}`}
            label={t('payouts.address')}
            hint={addresses.data.current ? undefined : t('payouts.noAddress')}
            field="address"
            initial={addresses.data.current ?? ''}
            inputMode="text"
            parse={parseAddress}
            save={(address) => setWalletAddress(walletId, address)}
            onSaved={() => refresh(t('payouts.address'))}
          />
          {thresholdForm('min', min.data.amount)}
          {thresholdForm('max', max.data.amount)}
        </>
      )}
    </section>
  );
}
