import { randomInt } from 'node:crypto';
import type { PromoCode, PromoCodeApplied, PromoCodeBody } from '@pool/contract/sharing';
import { errorMessages } from '@pool/contract/errors';
import { HttpError } from '../../../http/errors.ts';
import type { IdentityAdminClient } from '../../../identity-client/admin.ts';
import type { Query } from '../../mining/sql.ts';
import { dayMs, dayOf } from '../../money/rewards/reward-run.ts';
import { sharingSettingsIn } from '../../money/rewards/sharing-terms.ts';
import { basisPointsOf, percentOf } from '../../money/rewards/terms-repository.ts';
import { isDuplicate, promoCodeRepository, type PromoCodeFields, type PromoCodeRow } from './repository.ts';

/** Why a code does not apply, one field error each (issue 15: every rule has one). */
export const promoRefusals = {
  notFound: 'Promo code not found',
  inactive: 'This promo code is inactive',
  notYet: 'This promo code is not in force yet',
  expired: 'This promo code has expired',
  usedUp: 'This promo code has reached its usage limit',
  userUsedUp: 'You have used this promo code as many times as allowed',
  notAllowed: 'This promo code is not available for your account',
  welcomeOnly: 'This promo code is only for new accounts',
  loyaltyOnly: 'This promo code is only for existing accounts',
} as const;

/** Who a code is applied for: at sign-up there is no account yet. */
export interface ApplyContext {
  now: number;
  /** The person's e-mail, when known (not before registration). */
  email: string | null;
  userId: string | null;
  /** When the miner's account was created; null at sign-up or for the account being created now. */
  accountCreatedAt: number | null;
  welcomeDays: number;
}

/** The first rule the code breaks for this context, or null when it applies. */
export function promoRefusal(code: PromoCodeRow, context: ApplyContext, usesByPerson: number): string | null {
  if (code.status !== 'active') return promoRefusals.inactive;
  if (context.now < code.effectiveFrom.getTime()) return promoRefusals.notYet;
  if (code.effectiveTo && context.now >= code.effectiveTo.getTime()) return promoRefusals.expired;
  if (code.usageLimit !== null && code.used >= code.usageLimit) return promoRefusals.usedUp;
  if (code.userUsageLimit !== null && usesByPerson >= code.userUsageLimit) return promoRefusals.userUsedUp;
  if (code.allowedEmails.length > 0) {
    const email = context.email?.toLowerCase();
    if (!email || !code.allowedEmails.some((allowed) => allowed.toLowerCase() === email))
      return promoRefusals.notAllowed;
  }
  const isNew =
    context.accountCreatedAt === null || context.now - context.accountCreatedAt < context.welcomeDays * dayMs;
  if (code.type === 'welcome' && !isNew) return promoRefusals.welcomeOnly;
  if (code.type === 'loyalty' && context.accountCreatedAt === null) return promoRefusals.loyaltyOnly;
  return null;
}

export const promoCodeOf = (row: PromoCodeRow): PromoCode => ({
  id: row.id,
  code: row.code,
  description: row.description,
  status: row.status,
  type: row.type,
  fee_type: row.feeType,
  fee_percent: percentOf(row.feeBp),
  effective_from: row.effectiveFrom.toISOString(),
  effective_to: row.effectiveTo?.toISOString() ?? null,
  usage_limit: row.usageLimit,
  user_usage_limit: row.userUsageLimit,
  allowed_emails: row.allowedEmails,
  duration_days: row.durationDays,
  perpetual: row.durationDays === null,
  used: row.used,
  created_at: row.createdAt.toISOString(),
});

const fieldsOf = (body: PromoCodeBody): PromoCodeFields => ({
  code: body.code.trim(),
  description: body.description ?? null,
  status: body.status,
  type: body.type,
  feeType: body.fee_type,
  feeBp: basisPointsOf(body.fee_percent),
  effectiveFrom: new Date(body.effective_from),
  effectiveTo: body.effective_to ? new Date(body.effective_to) : null,
  usageLimit: body.usage_limit ?? null,
  userUsageLimit: body.user_usage_limit ?? null,
  allowedEmails: [...new Set((body.allowed_emails ?? []).map((email) => email.trim().toLowerCase()))],
  durationDays: body.perpetual ? null : (body.duration_days ?? null),
});

const codeAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export interface PromoCodeServiceOptions {
  query: Query;
  poolId: string;
  admin: Pick<IdentityAdminClient, 'identityIdByEmail'>;
  clock: () => number;
}

export function promoCodeService({ query, poolId, admin, clock }: PromoCodeServiceOptions) {
  const codes = promoCodeRepository(query, poolId);

  /** Spec 8 `no_users_found`: a list of e-mails none of which has an identity. */
  async function checkAllowedUsers(emails: string[]): Promise<void> {
    if (emails.length === 0) return;
    for (const email of emails) if (await admin.identityIdByEmail(email)) return;
    throw new HttpError('no_users_found', {
      fields: [{ field: 'allowed_emails', text: errorMessages.no_users_found }],
    });
  }

  const duplicate = () =>
    new HttpError('promocode_already_exists', {
      fields: [{ field: 'code', text: errorMessages.promocode_already_exists }],
    });

  async function refusalFor(code: PromoCodeRow | null, context: ApplyContext): Promise<string | null> {
    if (!code) return promoRefusals.notFound;
    const uses = context.userId ? await codes.usesBy(code.id, context.userId) : 0;
    return promoRefusal(code, context, uses);
  }

  const termsOf = (code: PromoCodeRow, now: number): PromoCodeApplied => {
    const startsOn = dayOf(now);
    return {
      code: code.code,
      fee_type: code.feeType,
      fee_percent: percentOf(code.feeBp),
      starts_on: startsOn,
      ends_on:
        code.durationDays === null ? null : dayOf(Date.parse(`${startsOn}T00:00:00Z`) + code.durationDays * dayMs),
    };
  };

  return {
    list: (filter: Parameters<typeof codes.list>[0]) => codes.list(filter),
    byId: (id: string) => codes.byId(id),
    /** The code in force for the miner on the day, with the day it ends (the dashboard's fee card). */
    inForce: (minerId: string, day: string) => codes.inForce(minerId, day),

    async create(body: PromoCodeBody, createdBy: string): Promise<PromoCodeRow> {
      const fields = fieldsOf(body);
      if (await codes.codeExists(fields.code)) throw duplicate();
      await checkAllowedUsers(fields.allowedEmails);
      try {
        return await codes.create(fields, createdBy);
      } catch (error) {
        if (isDuplicate(error)) throw duplicate();
        throw error;
      }
    },

    async update(id: string, body: PromoCodeBody): Promise<PromoCodeRow> {
      const current = await codes.byId(id);
      if (!current) throw new HttpError('not_found');
      const fields = fieldsOf(body);
      if (fields.code.toLowerCase() !== current.code.toLowerCase() && (await codes.codeExists(fields.code))) {
        throw duplicate();
      }
      await checkAllowedUsers(fields.allowedEmails);
      try {
        const updated = await codes.update(id, fields);
        if (!updated) throw new HttpError('not_found');
        return updated;
      } catch (error) {
        if (isDuplicate(error)) throw duplicate();
        throw error;
      }
    },

    /** A fresh random code nobody uses. */
    async generate(): Promise<string> {
      for (;;) {
        const code = Array.from({ length: 10 }, () => codeAlphabet[randomInt(codeAlphabet.length)]).join('');
        if (!(await codes.codeExists(code))) return code;
      }
    },

    /** Registration's promo question: whether the code would apply to an account created now. */
    async check(text: string, email: string | null): Promise<PromoCodeApplied> {
      const now = clock();
      const code = await codes.byCode(text);
      const { welcomeDays } = await sharingSettingsIn(query, poolId);
      const refusal = await refusalFor(code, { now, email, userId: null, accountCreatedAt: null, welcomeDays });
      if (refusal || !code)
        throw new HttpError('validation_failed', { fields: [{ field: 'code', text: refusal ?? '' }] });
      return termsOf(code, now);
    },

    /**
     * Applies the code to the miner from today (UTC), every rule checked with a field error under
     * `code`. `isNewAccount`: the account is being created with it (the code typed at sign-up).
     */
    async apply(
      text: string,
      minerId: string,
      person: { userId: string; email: string },
      isNewAccount = false,
    ): Promise<PromoCodeApplied> {
      const now = clock();
      const refuse = (reason: string) =>
        new HttpError('validation_failed', { fields: [{ field: 'code', text: reason }] });
      const [code, createdAt, settings] = await Promise.all([
        codes.byCode(text),
        codes.minerCreatedAt(minerId),
        sharingSettingsIn(query, poolId),
      ]);
      if (!createdAt) throw new HttpError('not_found');
      const refusal = await refusalFor(code, {
        now,
        email: person.email,
        userId: person.userId,
        accountCreatedAt: isNewAccount ? null : createdAt.getTime(),
        welcomeDays: settings.welcomeDays,
      });
      if (refusal || !code) throw refuse(refusal ?? promoRefusals.notFound);
      const terms = termsOf(code, now);
      const recorded = await codes.recordUse({
        codeId: code.id,
        minerId,
        appliedBy: person.userId,
        startsOn: terms.starts_on,
        endsOn: terms.ends_on,
        usageLimit: code.usageLimit,
        userUsageLimit: code.userUsageLimit,
      });
      if (!recorded) throw refuse(code.usageLimit !== null ? promoRefusals.usedUp : promoRefusals.userUsedUp);
      return terms;
    },
  };
}

export type PromoCodeService = ReturnType<typeof promoCodeService>;
