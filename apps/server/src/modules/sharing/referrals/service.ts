import { randomInt } from 'node:crypto';
import type { Referral, ReferrerCode } from '@pool/contract/sharing';
import { HttpError } from '../../../http/errors.ts';
import type { Query } from '../../mining/sql.ts';
import { toBigInt } from '../../money/ledger/ledger-repository.ts';
import { dayMs, dayOf, startOf } from '../../money/rewards/reward-run.ts';
import { sharingSettingsIn } from '../../money/rewards/sharing-terms.ts';
import { percentOf } from '../../money/rewards/terms-repository.ts';

/** Spec 2 /referrals: a miner's referral codes, the accounts that signed up through them, and what they brought. */

const codeAlphabet = 'abcdefghjkmnpqrstuvwxyz23456789';

/** The link a referral code travels in: registration, with the code in the query (kept into the sign-up data). */
export const referralLinkOf = (publicUrl: string, code: string): string =>
  `${publicUrl.replace(/\/$/, '')}/auth/registration?referral_code=${encodeURIComponent(code)}`;

export interface ReferralServiceOptions {
  query: Query;
  poolId: string;
  publicUrl: string;
  clock: () => number;
}

export function referralService({ query, poolId, publicUrl, clock }: ReferralServiceOptions) {
  const codeOf = (row: { id: string; code: string; created_at: Date | string }): ReferrerCode => ({
    id: row.id,
    code: row.code,
    link: referralLinkOf(publicUrl, row.code),
    created_at: new Date(row.created_at).toISOString(),
  });

  return {
    settings: () => sharingSettingsIn(query, poolId),

    /**
     * Changes the pool's sharing settings (stored pool settings). A referral keeps the percent and
     * days it was linked with: new terms apply to sign-ups from now on.
     */
    async setSettings(settings: { referralPercent: number; referralDays: number; welcomeDays: number }) {
      await query(
        `update app.pools set settings = settings || jsonb_build_object(
           'referral_percent', $2::numeric, 'referral_days', $3::int, 'welcome_days', $4::int)
         where id = $1`,
        [poolId, settings.referralPercent, settings.referralDays, settings.welcomeDays],
      );
      return sharingSettingsIn(query, poolId);
    },

    async codes(minerId: string): Promise<ReferrerCode[]> {
      const rows = await query<{ id: string; code: string; created_at: Date | string }>(
        `select id, code, created_at from app.referrer_codes where miner_id = $1 and deleted_at is null
         order by created_at, id`,
        [minerId],
      );
      return rows.map(codeOf);
    },

    async createCode(minerId: string): Promise<ReferrerCode> {
      for (;;) {
        const code = Array.from({ length: 8 }, () => codeAlphabet[randomInt(codeAlphabet.length)]).join('');
        const rows = await query<{ id: string; code: string; created_at: Date | string }>(
          `insert into app.referrer_codes (miner_id, code) values ($1, $2) on conflict do nothing
           returning id, code, created_at`,
          [minerId, code],
        );
        if (rows[0]) return codeOf(rows[0]);
      }
    },

    async deleteCode(minerId: string, codeId: string): Promise<void> {
      const rows = await query(
        `update app.referrer_codes set deleted_at = now() where id = $1 and miner_id = $2 and deleted_at is null
         returning id`,
        [codeId, minerId],
      );
      if (rows.length === 0) throw new HttpError('not_found');
    },

    /** The accounts that signed up through the miner's codes, and what each brought it, newest first. */
    async referrals(minerId: string): Promise<Referral[]> {
      const rows = await query<{
        account_name: string;
        code: string;
        created_at: Date | string;
        starts_on: string;
        ends_on: string;
        percent_bp: number;
        earned: string | number;
      }>(
        `select m.account_name, c.code, r.created_at, r.starts_on::text as starts_on, r.ends_on::text as ends_on, r.percent_bp,
           (select coalesce(sum(e.amount), 0)::text from app.ledger_entries e
              join app.ledger_transfers t on t.id = e.transfer_id
              join app.ledger_accounts a on a.id = e.account_id
            where a.kind = 'miner' and a.owner_id = r.referrer_miner_id and e.payment_type = 'profit_sharing'
              and t.status <> 'canceled' and t.memo->>'kind' = 'referral'
              and t.memo->>'referred_miner_id' = r.referred_miner_id::text) as earned
         from app.referrals r join app.miners m on m.id = r.referred_miner_id
         join app.referrer_codes c on c.id = r.referrer_code_id
         where r.referrer_miner_id = $1 order by r.created_at desc, r.referred_miner_id`,
        [minerId],
      );
      return rows.map((row) => ({
        account_name: row.account_name,
        code: row.code,
        created_at: new Date(row.created_at).toISOString(),
        starts_on: row.starts_on,
        ends_on: row.ends_on,
        percent: percentOf(Number(row.percent_bp)),
        earned: Number(toBigInt(row.earned)),
      }));
    },

    /**
     * Links a miner created now to the referrer whose live code it signed up with, on the pool's
     * terms of today: answers false for an unknown or deleted code, or the referrer's own account.
     */
    async link(referredMinerId: string, code: string): Promise<boolean> {
      const settings = await sharingSettingsIn(query, poolId);
      if (settings.referralDays <= 0) return false;
      const today = dayOf(clock());
      const endsOn = dayOf(startOf(today) + settings.referralDays * dayMs);
      const rows = await query(
        `insert into app.referrals (referred_miner_id, referrer_code_id, referrer_miner_id, percent_bp, starts_on, ends_on)
         select $1, c.id, c.miner_id, $3, $4::date, $5::date from app.referrer_codes c
         join app.miners m on m.id = c.miner_id and m.deleted_at is null
         where c.code = $2 and c.deleted_at is null and c.miner_id <> $1
         on conflict (referred_miner_id) do nothing returning referred_miner_id`,
        [referredMinerId, code.trim().toLowerCase(), settings.referralPercentBp, today, endsOn],
      );
      return rows.length > 0;
    },

    /** The referral share in force for a referred miner today (its profit-sharing page). */
    async referralOf(
      minerId: string,
    ): Promise<{ referrer_account_name: string; percent: number; ends_on: string } | null> {
      const [row] = await query<{ account_name: string; percent_bp: number; ends_on: string }>(
        `select m.account_name, r.percent_bp, r.ends_on::text as ends_on from app.referrals r
         join app.miners m on m.id = r.referrer_miner_id
         where r.referred_miner_id = $1 and r.ends_on > $2::date`,
        [minerId, dayOf(clock())],
      );
      return row
        ? { referrer_account_name: row.account_name, percent: percentOf(Number(row.percent_bp)), ends_on: row.ends_on }
        : null;
    },
  };
}

export type ReferralService = ReturnType<typeof referralService>;
