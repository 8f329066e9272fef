import type { Query } from '../../mining/sql.ts';
import { basisPointsOf } from './terms-repository.ts';

/**
 * The sharing terms a day's run reads (issue 15): the promo code in force for each miner, who
 * referred each miner and for how long, and the profit splits of each donor in force on the day.
 */

export interface PromoInForce {
  codeId: string;
  code: string;
  feeType: 'absolute' | 'relative';
  /** The final fee (absolute) or the discount off the fee (relative), in basis points. */
  feeBp: number;
  /** The first day it no longer lowers the fee; null: perpetual. */
  endsOn: string | null;
}

export interface ReferralInForce {
  referrerMinerId: string;
  percentBp: number;
}

export interface SplitInForce {
  id: string;
  recipientMinerId: string;
  percentBp: number;
}

/** The pool's sharing settings (stored pool settings), with the product's defaults when unset. */
export interface SharingSettings {
  /** Percent of the pool's fee collected from a referred miner that its referrer receives. */
  referralPercentBp: number;
  /** Days from sign-up during which the referrer receives it. */
  referralDays: number;
  /** Days from an account's creation during which a welcome code may be applied. */
  welcomeDays: number;
}

export const sharingDefaults = { referral_percent: 10, referral_days: 365, welcome_days: 7 } as const;

export async function sharingSettingsIn(query: Query, poolId: string): Promise<SharingSettings> {
  const [row] = await query<{ percent: string | null; days: string | null; welcome: string | null }>(
    `select settings->>'referral_percent' as percent, settings->>'referral_days' as days,
       settings->>'welcome_days' as welcome from app.pools where id = $1`,
    [poolId],
  );
  const number = (value: string | null | undefined, fallback: number, max: number) => {
    const parsed = Number(value ?? fallback);
    return Number.isFinite(parsed) && parsed >= 0 && parsed <= max ? parsed : fallback;
  };
  return {
    referralPercentBp: basisPointsOf(number(row?.percent, sharingDefaults.referral_percent, 100)),
    referralDays: Math.floor(number(row?.days, sharingDefaults.referral_days, 36_500)),
    welcomeDays: Math.floor(number(row?.welcome, sharingDefaults.welcome_days, 36_500)),
  };
}

/** Each miner's promo code in force on the day: the latest applied whose days cover it. */
export async function promosInForceIn(
  query: Query,
  minerIds: string[],
  day: string,
): Promise<Map<string, PromoInForce>> {
  if (minerIds.length === 0) return new Map();
  const rows = await query<{
    miner_id: string;
    id: string;
    code: string;
    fee_type: 'absolute' | 'relative';
    fee_bp: number;
    ends_on: string | null;
  }>(
    `select distinct on (u.miner_id) u.miner_id, c.id, c.code, c.fee_type, c.fee_bp, u.ends_on::text as ends_on
     from app.promo_code_uses u join app.promo_codes c on c.id = u.promo_code_id
     where u.miner_id = any($1::uuid[]) and u.starts_on <= $2::date and (u.ends_on is null or u.ends_on > $2::date)
     order by u.miner_id, u.starts_on desc, u.created_at desc, u.id desc`,
    [minerIds, day],
  );
  return new Map(
    rows.map((row) => [
      row.miner_id,
      { codeId: row.id, code: row.code, feeType: row.fee_type, feeBp: Number(row.fee_bp), endsOn: row.ends_on },
    ]),
  );
}

/** The referrer of each referred miner whose referral days cover the day. */
export async function referralsInForceIn(
  query: Query,
  minerIds: string[],
  day: string,
): Promise<Map<string, ReferralInForce>> {
  if (minerIds.length === 0) return new Map();
  const rows = await query<{ referred_miner_id: string; referrer_miner_id: string; percent_bp: number }>(
    `select r.referred_miner_id, r.referrer_miner_id, r.percent_bp from app.referrals r
     join app.miners m on m.id = r.referrer_miner_id
     where r.referred_miner_id = any($1::uuid[]) and r.starts_on <= $2::date and r.ends_on > $2::date
       and m.deleted_at is null`,
    [minerIds, day],
  );
  return new Map(
    rows.map((row) => [row.referred_miner_id, { referrerMinerId: row.referrer_miner_id, percentBp: row.percent_bp }]),
  );
}

/** Each donor's profit splits in force on the day, to recipients not deleted. */
export async function splitsInForceIn(
  query: Query,
  donors: string[],
  day: string,
): Promise<Map<string, SplitInForce[]>> {
  if (donors.length === 0) return new Map();
  const rows = await query<{ id: string; donor_miner_id: string; recipient_miner_id: string; percent_bp: number }>(
    `select s.id, s.donor_miner_id, s.recipient_miner_id, s.percent_bp from app.profit_splits s
     join app.miners m on m.id = s.recipient_miner_id
     where s.donor_miner_id = any($1::uuid[]) and s.starts_on <= $2::date and (s.ends_on is null or s.ends_on > $2::date)
       and m.deleted_at is null
     order by s.donor_miner_id, s.created_at, s.id`,
    [donors, day],
  );
  const byDonor = new Map<string, SplitInForce[]>();
  for (const row of rows) {
    byDonor.set(row.donor_miner_id, [
      ...(byDonor.get(row.donor_miner_id) ?? []),
      { id: row.id, recipientMinerId: row.recipient_miner_id, percentBp: row.percent_bp },
    ]);
  }
  return byDonor;
}
