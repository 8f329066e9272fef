import type { Query } from '../mining/sql.ts';

/**
 * Rewrites the stored hashrates of the customer list (app.customer_figures) for the given miners
 * from their hardware workers' current figures. The mining engine calls it in the transaction
 * that changes those figures or removes workers, so a list read right after sees the new sums.
 * Summing afresh rather than adding differences keeps the floating-point sums exactly what a
 * read of the workers would give, with no drift over millions of refreshes.
 */
export async function refreshCustomerHashRates(query: Query, minerIds: Iterable<string>): Promise<void> {
  // One lock order for every writer: the rows are upserted by miner id.
  const ids = [...new Set(minerIds)].sort();
  if (ids.length === 0) return;
  await query(
    `insert into app.customer_figures as f (miner_id, hash_rate_15m, hash_rate_24h)
     select m.id, coalesce(sum(w.hash_rate_15m), 0), coalesce(sum(w.hash_rate_24h), 0)
     from unnest($1::uuid[]) as m(id)
     left join app.workers w on w.miner_id = m.id and w.behaviour = 'hardware'
     group by m.id
     order by m.id
     on conflict (miner_id) do update set hash_rate_15m = excluded.hash_rate_15m, hash_rate_24h = excluded.hash_rate_24h
     where (f.hash_rate_15m, f.hash_rate_24h) is distinct from (excluded.hash_rate_15m, excluded.hash_rate_24h)`,
    [`{${ids.join(',')}}`],
  );
}
