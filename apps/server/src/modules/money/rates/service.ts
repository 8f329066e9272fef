import type { ExternalRateSource, RewardRate, RewardRateHistory } from '@pool/contract/money';
import type { RewardRateSource } from '@pool/contract/money-codes';
import type { MoneyReads } from '../reads/repository.ts';
import { rateOfMsat } from '../reads/service.ts';
import type { RewardRateRow, RewardTerms } from '../rewards/terms-repository.ts';
import type { NetworkRateSource } from './network-source.ts';

/** Reward rates (spec 3): the history, each source's latest value, and setting the current one. */
export function rateService(options: {
  terms: RewardTerms;
  reads: MoneyReads;
  network: NetworkRateSource | undefined;
  clock: () => number;
}) {
  const { terms, reads, network, clock } = options;

  async function ratesOf(rows: RewardRateRow[]): Promise<RewardRate[]> {
    const emails = await reads.emailsOf([...new Set(rows.flatMap((row) => (row.setBy ? [row.setBy] : [])))]);
    return rows.map((row) => ({
      id: row.id,
      rate: rateOfMsat(row.rateMsat),
      source: row.source,
      effective_from: row.effectiveFrom.toISOString(),
      set_by: row.setBy ? (emails.get(row.setBy) ?? row.setBy) : null,
    }));
  }

  return {
    async history(): Promise<RewardRateHistory> {
      const [rows, current] = await Promise.all([terms.rateHistory(), terms.rateInForce(new Date(clock()))]);
      const [currentRate] = current ? await ratesOf([current]) : [];
      return { items: await ratesOf(rows), current: currentRate ?? null };
    },

    async externalSources(): Promise<ExternalRateSource[]> {
      const manual = (await terms.rateHistory()).find((row) => row.source === 'manual');
      const items: ExternalRateSource[] = [
        {
          source: 'manual',
          origin: 'manual',
          rate: manual ? rateOfMsat(manual.rateMsat) : null,
          fetched_at: manual?.effectiveFrom.toISOString() ?? null,
          detail: null,
          error: null,
        },
      ];
      if (!network) {
        items.push({
          source: 'network',
          origin: 'not configured',
          rate: null,
          fetched_at: null,
          detail: null,
          error: 'Set BITCOIN_RPC_URL or MEMPOOL_API_URL',
        });
        return items;
      }
      try {
        const reading = await network.read();
        items.push({
          source: 'network',
          origin: network.origin,
          rate: reading.rate,
          fetched_at: new Date(clock()).toISOString(),
          detail: { difficulty: reading.difficulty, block_reward: reading.blockReward, height: reading.height },
          error: null,
        });
      } catch (error) {
        items.push({
          source: 'network',
          origin: network.origin,
          rate: null,
          fetched_at: null,
          detail: null,
          error: error instanceof Error ? error.message : 'unreachable',
        });
      }
      return items;
    },

    /** In force from now; a day's run uses the rate in force at its 00:00 UTC. */
    async setCurrent(body: { rate: number; source: RewardRateSource }, by: string): Promise<RewardRate> {
      const row = await terms.setRate({
        rateMsat: BigInt(Math.round(body.rate * 1000)),
        source: body.source,
        effectiveFrom: new Date(clock()),
        setBy: by,
      });
      const [rate] = await ratesOf([row]);
      if (!rate) throw new Error('the rate just set was not read back');
      return rate;
    },
  };
}
