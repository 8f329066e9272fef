import type { PromoCodeStatus, PromoCodeType, PromoFeeType } from '@pool/contract/sharing-codes';
import type { Query } from '../../mining/sql.ts';

/** The promo codes' rows (migration 0010) and their uses. */

export interface PromoCodeRow {
  id: string;
  code: string;
  description: string | null;
  status: PromoCodeStatus;
  type: PromoCodeType;
  feeType: PromoFeeType;
  feeBp: number;
  effectiveFrom: Date;
  effectiveTo: Date | null;
  usageLimit: number | null;
  userUsageLimit: number | null;
  allowedEmails: string[];
  durationDays: number | null;
  used: number;
  createdAt: Date;
}

export type PromoCodeFields = Omit<PromoCodeRow, 'id' | 'used' | 'createdAt'>;

interface Record_ extends Record<string, unknown> {
  id: string;
  code: string;
  description: string | null;
  status: PromoCodeStatus;
  type: PromoCodeType;
  fee_type: PromoFeeType;
  fee_bp: number;
  effective_from: Date | string;
  effective_to: Date | string | null;
  usage_limit: number | null;
  user_usage_limit: number | null;
  allowed_emails: string[] | string;
  duration_days: number | null;
  used: number;
  created_at: Date | string;
}

/** PGlite answers text[] as an array; node-postgres too, but a literal `{a,b}` is handled for safety. */
const textArray = (value: string[] | string): string[] =>
  Array.isArray(value)
    ? value
    : value
        .replace(/^\{|\}$/g, '')
        .split(',')
        .filter(Boolean);

const rowOf = (row: Record_): PromoCodeRow => ({
  id: row.id,
  code: row.code,
  description: row.description,
  status: row.status,
  type: row.type,
  feeType: row.fee_type,
  feeBp: Number(row.fee_bp),
  effectiveFrom: new Date(row.effective_from),
  effectiveTo: row.effective_to === null ? null : new Date(row.effective_to),
  usageLimit: row.usage_limit === null ? null : Number(row.usage_limit),
  userUsageLimit: row.user_usage_limit === null ? null : Number(row.user_usage_limit),
  allowedEmails: textArray(row.allowed_emails),
  durationDays: row.duration_days === null ? null : Number(row.duration_days),
  used: Number(row.used),
  createdAt: new Date(row.created_at),
});

const columns = `c.id, c.code, c.description, c.status, c.type, c.fee_type, c.fee_bp, c.effective_from, c.effective_to,
  c.usage_limit, c.user_usage_limit, c.allowed_emails, c.duration_days, c.created_at,
  (select count(*)::int from app.promo_code_uses u where u.promo_code_id = c.id) as used`;

const values = (fields: PromoCodeFields) => [
  fields.code,
  fields.description,
  fields.status,
  fields.type,
  fields.feeType,
  fields.feeBp,
  fields.effectiveFrom.toISOString(),
  fields.effectiveTo?.toISOString() ?? null,
  fields.usageLimit,
  fields.userUsageLimit,
  fields.allowedEmails,
  fields.durationDays,
];

/** Postgres' unique_violation: the code (case-insensitive) exists already. */
export const isDuplicate = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

export function promoCodeRepository(query: Query, poolId: string) {
  return {
    async list(filter: { status?: PromoCodeStatus; type?: PromoCodeType; page: number; perPage: number }) {
      const params: unknown[] = [poolId];
      const where = ['c.pool_id = $1'];
      if (filter.status) where.push(`c.status = $${params.push(filter.status)}`);
      if (filter.type) where.push(`c.type = $${params.push(filter.type)}`);
      const [count] = await query<{ total: number }>(
        `select count(*)::int as total from app.promo_codes c where ${where.join(' and ')}`,
        params,
      );
      const rows = await query<Record_>(
        `select ${columns} from app.promo_codes c where ${where.join(' and ')}
         order by c.created_at desc, c.id desc limit $${params.length + 1} offset $${params.length + 2}`,
        [...params, filter.perPage, (filter.page - 1) * filter.perPage],
      );
      return { total: Number(count?.total ?? 0), items: rows.map(rowOf) };
    },

    async byId(id: string): Promise<PromoCodeRow | null> {
      const [row] = await query<Record_>(
        `select ${columns} from app.promo_codes c where c.id = $1 and c.pool_id = $2`,
        [id, poolId],
      );
      return row ? rowOf(row) : null;
    },

    async byCode(code: string): Promise<PromoCodeRow | null> {
      const [row] = await query<Record_>(
        `select ${columns} from app.promo_codes c where lower(c.code) = lower($1) and c.pool_id = $2`,
        [code, poolId],
      );
      return row ? rowOf(row) : null;
    },

    async codeExists(code: string): Promise<boolean> {
      const rows = await query('select 1 from app.promo_codes where lower(code) = lower($1)', [code]);
      return rows.length > 0;
    },

    async create(fields: PromoCodeFields, createdBy: string | null): Promise<PromoCodeRow> {
      const [row] = await query<{ id: string }>(
        `insert into app.promo_codes (code, description, status, type, fee_type, fee_bp, effective_from, effective_to,
           usage_limit, user_usage_limit, allowed_emails, duration_days, created_by, pool_id)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::text[], $12, $13, $14) returning id`,
        [...values(fields), createdBy, poolId],
      );
      if (!row) throw new Error('inserting a promo code returned no row');
      const created = await this.byId(row.id);
      if (!created) throw new Error('the promo code just written is gone');
      return created;
    },

    async update(id: string, fields: PromoCodeFields): Promise<PromoCodeRow | null> {
      const rows = await query<{ id: string }>(
        `update app.promo_codes set code = $1, description = $2, status = $3, type = $4, fee_type = $5, fee_bp = $6,
           effective_from = $7, effective_to = $8, usage_limit = $9, user_usage_limit = $10, allowed_emails = $11::text[],
           duration_days = $12, updated_at = now()
         where id = $13 and pool_id = $14 returning id`,
        [...values(fields), id, poolId],
      );
      return rows[0] ? this.byId(id) : null;
    },

    /** Times the code was applied by this person. */
    async usesBy(codeId: string, userId: string): Promise<number> {
      const [row] = await query<{ uses: number }>(
        'select count(*)::int as uses from app.promo_code_uses where promo_code_id = $1 and applied_by = $2',
        [codeId, userId],
      );
      return Number(row?.uses ?? 0);
    },

    /**
     * Records a use under a lock on the code's row, so two at once cannot pass its limits: answers
     * false when the limits were reached meanwhile.
     */
    async recordUse(use: {
      codeId: string;
      minerId: string;
      appliedBy: string;
      startsOn: string;
      endsOn: string | null;
      usageLimit: number | null;
      userUsageLimit: number | null;
    }): Promise<boolean> {
      const rows = await query<{ id: string }>(
        `with locked as (select id from app.promo_codes where id = $1 for update)
         insert into app.promo_code_uses (promo_code_id, miner_id, applied_by, starts_on, ends_on)
         select $1, $2, $3, $4::date, $5::date from locked
         where ($6::int is null or (select count(*) from app.promo_code_uses where promo_code_id = $1) < $6::int)
           and ($7::int is null or (select count(*) from app.promo_code_uses where promo_code_id = $1 and applied_by = $3) < $7::int)
         returning id`,
        [use.codeId, use.minerId, use.appliedBy, use.startsOn, use.endsOn, use.usageLimit, use.userUsageLimit],
      );
      return rows.length > 0;
    },

    /** When the miner's account was created, or null when there is no such live miner. */
    async minerCreatedAt(minerId: string): Promise<Date | null> {
      const [row] = await query<{ created_at: Date | string }>(
        'select created_at from app.miners where id = $1 and deleted_at is null',
        [minerId],
      );
      return row ? new Date(row.created_at) : null;
    },

    /** The promo code in force for the miner on the day, with its end (the dashboard's fee card). */
    async inForce(minerId: string, day: string): Promise<{ code: string; endsOn: string | null } | null> {
      const [row] = await query<{ code: string; ends_on: string | null }>(
        `select c.code, u.ends_on::text as ends_on from app.promo_code_uses u join app.promo_codes c on c.id = u.promo_code_id
         where u.miner_id = $1 and u.starts_on <= $2::date and (u.ends_on is null or u.ends_on > $2::date)
         order by u.starts_on desc, u.created_at desc, u.id desc limit 1`,
        [minerId, day],
      );
      return row ? { code: row.code, endsOn: row.ends_on } : null;
    },
  };
}

export type PromoCodeRepository = ReturnType<typeof promoCodeRepository>;
