import { z } from 'zod';
import { customerNameMessages, customerNameRules, customerSorts } from './customer-codes.ts';
import { CreateFeeBody, Day, Fee, Payment, PaymentsPage, PaymentsQuery, Percent, Satoshis } from './money.ts';

/**
 * The customer area (issue 16; spec 2 customer layout, spec 7 `operators/{id}/miners` and
 * `pools/{id}/miners`): an operator's customers, or a pool's miners, with their fees and what the
 * operator or pool earned from each.
 */

/** Spec 5, customer creation (`customerNameProblem` checks the same without zod). */
export const CustomerAccountName = z
  .string()
  .min(customerNameRules.minLength, customerNameMessages.length)
  .max(customerNameRules.maxLength, customerNameMessages.length)
  .regex(customerNameRules.pattern, customerNameMessages.pattern);

export const CustomerSort = z.enum(customerSorts);

/** `GET operators/{id}/miners` and `pools/{id}/miners`: paged, searchable by account name, sortable. */
export const CustomerListQuery = z.object({
  search: z.string().trim().max(64).optional(),
  sort: CustomerSort.default('account_name'),
  direction: z.enum(['asc', 'desc']).default('asc'),
  page: z.coerce.number().int().min(1, 'minimum threshold').max(100_000, 'maximum threshold').default(1),
  per_page: z.coerce.number().int().min(1, 'minimum threshold').max(100, 'maximum threshold').default(20),
});
export type CustomerListQuery = z.infer<typeof CustomerListQuery>;

export const WorkerCounts = z.object({
  stable: z.number().int().nonnegative(),
  unavailable: z.number().int().nonnegative(),
  off: z.number().int().nonnegative(),
  removed: z.number().int().nonnegative(),
});

/**
 * One customer. Mining figures are null for a caller whose role has no Workers section, money
 * figures (fee, balance, earned) null for one with no Payments section.
 */
export const CustomerRow = z.object({
  id: z.uuid(),
  account_name: z.string(),
  title: z.string().nullable(),
  comment: z.string().nullable(),
  created_at: z.iso.datetime(),
  workers: WorkerCounts.nullable(),
  hash_rate_15m: z.number().nonnegative().nullable(),
  hash_rate_24h: z.number().nonnegative().nullable(),
  /** The fee the customer pays today (the operator's; for a pool's miner, the pool's). */
  fee_percent: z.number().nullable(),
  balance: Satoshis.nullable(),
  /** What the operator (or pool) earned from this customer, all time. */
  earned: Satoshis.nullable(),
});
export type CustomerRow = z.infer<typeof CustomerRow>;

export const CustomerTotals = z.object({
  customers: z.number().int().nonnegative(),
  workers: WorkerCounts.nullable(),
  hash_rate_15m: z.number().nonnegative().nullable(),
  hash_rate_24h: z.number().nonnegative().nullable(),
  balance: Satoshis.nullable(),
  earned: Satoshis.nullable(),
});
export type CustomerTotals = z.infer<typeof CustomerTotals>;

export const CustomerPage = z.object({
  items: z.array(CustomerRow),
  total: z.number().int().nonnegative(),
  page: z.number().int().min(1),
  per_page: z.number().int().min(1),
  /** Over every customer of the account, whatever the search. */
  totals: CustomerTotals,
});
export type CustomerPage = z.infer<typeof CustomerPage>;

/** `POST operators/{id}/miners` and `pools/{id}/miners`: the owner is invited by e-mail. */
export const CreateCustomerBody = z.object({
  account_name: CustomerAccountName,
  email: z.email('invalid input').max(254, 'length out of range'),
  fee: Percent,
  comment: z.string().trim().max(500, 'length out of range').optional(),
  /** Spec 3 permission flag: the owner's permission hides the operator's total fee. */
  total_fee_hide: z.boolean().optional(),
});
export type CreateCustomerBody = z.infer<typeof CreateCustomerBody>;

export const CreatedCustomer = z.object({
  id: z.uuid(),
  account_name: z.string(),
  operator_id: z.uuid().nullable(),
  /** The address the owner's invitation went to, or null when the owners of a sub-account's parent hold it. */
  invited: z.string().nullable(),
});
export type CreatedCustomer = z.infer<typeof CreatedCustomer>;

/** `POST miners/{id}/sub-accounts`: a further account of the same owners, under the same operator. */
export const CreateSubAccountBody = z.object({
  account_name: CustomerAccountName,
  comment: z.string().trim().max(500, 'length out of range').optional(),
});
export type CreateSubAccountBody = z.infer<typeof CreateSubAccountBody>;

/** `GET operators/{id}/miners/{miner_id}/fees`: the operator's fee schedule of the customer. */
export const CustomerFeeList = z.object({ items: z.array(Fee) });
export type CustomerFeeList = z.infer<typeof CustomerFeeList>;

/** `GET operators/{id}/miners/{miner_id}/fees/current`: null `fee` when the operator set none (the pool's applies). */
export const CustomerCurrentFee = z.object({
  percent: z.number(),
  start_date: Day.nullable(),
  fee: Fee.nullable(),
  /** The pool's fee for this customer, which the operator pays out of it. */
  pool_percent: z.number(),
});
export type CustomerCurrentFee = z.infer<typeof CustomerCurrentFee>;

export const CreateCustomerFeeBody = CreateFeeBody;

/** `GET {operators|pools}/{id}/earned-from-miner?miner_id=&from=&to=`: days are UTC, both included. */
export const EarnedFromMinerQuery = z
  .object({ miner_id: z.uuid(), from: Day.optional(), to: Day.optional() })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ['to'],
    message: 'minimum threshold',
  });
export type EarnedFromMinerQuery = z.infer<typeof EarnedFromMinerQuery>;

export const EarnedFromMiner = z.object({
  miner_id: z.uuid(),
  amount: Satoshis,
  from: Day.nullable(),
  to: Day.nullable(),
  days: z.array(z.object({ day: Day, amount: Satoshis })),
});
export type EarnedFromMiner = z.infer<typeof EarnedFromMiner>;

/** `GET operators/{id}/miners/{miner_id}`: one customer as its settings page shows it. */
export const CustomerDetail = CustomerRow.extend({ operator_id: z.uuid().nullable() });
export type CustomerDetail = z.infer<typeof CustomerDetail>;

export const UpdateCustomerBody = z.object({
  title: z.string().trim().max(64, 'length out of range').nullable().optional(),
  comment: z.string().trim().max(500, 'length out of range').nullable().optional(),
});
export type UpdateCustomerBody = z.infer<typeof UpdateCustomerBody>;

/** The customer's people with access, and the flag that hides the operator's total fee from each. */
export const CustomerPerson = z.object({
  id: z.uuid(),
  email: z.string(),
  role: z.string(),
  total_fee_hide: z.boolean(),
});
export const CustomerPeople = z.object({ items: z.array(CustomerPerson) });
export type CustomerPeople = z.infer<typeof CustomerPeople>;
export const SetTotalFeeHideBody = z.object({ total_fee_hide: z.boolean() });

/** `GET {operators|pools}/{id}/miners/{miner_id}/payments`: the customer's payments, filtered and paged as its own. */
export const CustomerPaymentsQuery = PaymentsQuery;
export type CustomerPaymentsQuery = z.infer<typeof CustomerPaymentsQuery>;

/**
 * One of the customer's payments as the customer sees it, with the operator's share: the operator's
 * leg of the same ledger transfer. Only the operator's and the pool's people read this call; the
 * customer's own `miners/{id}/payments` never carries it.
 */
export const CustomerPayment = Payment.extend({
  /** Satoshis credited to the customer's operator by this reward (0 when its fee left none); null off rewards or without an operator. */
  operator_share: Satoshis.nullable(),
});
export type CustomerPayment = z.infer<typeof CustomerPayment>;

export const CustomerPaymentsPage = PaymentsPage.extend({ items: z.array(CustomerPayment) });
export type CustomerPaymentsPage = z.infer<typeof CustomerPaymentsPage>;
