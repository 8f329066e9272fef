import type { Query } from '../mining/sql.ts';

/** A scope's change rows past this many are folded into one. */
const foldAbove = 16;

/**
 * Rewrites the stored hashrates of the customer list (app.customer_figures) for the given miners
 * from their hardware workers' current figures. The mining engine calls it in the transaction
 * that changes those figures or removes workers, so a list read right after sees the new sums.
 * Summing afresh rather than adding differences keeps the floating-point sums exactly what a
 * read of the workers would give, with no drift over millions of refreshes.
 *
 * The engine does this every minute, so it also folds the scopes' list change rows
 * (app.customer_list_changes), which every writing transaction adds to: the rows a statement sees
 * become one per scope carrying their summed weight, which keeps each scope's sum (its stamp) and
 * the table small. Writers only insert rows of their own transaction, which no fold sees, so a
 * fold waits for no writer.
 */
export async function refreshCustomerHashRates(query: Query, minerIds: Iterable<string>): Promise<void> {
  // One lock order for every writer: the rows are upserted by miner id.
  const ids = [...new Set(minerIds)].sort();
  await query(
    `with gone as (
       delete from app.customer_list_changes
       where scope_id in (select scope_id from app.customer_list_changes group by scope_id having count(*) > $1)
       returning scope_id, weight)
     insert into app.customer_list_changes as c (scope_id, weight) select scope_id, sum(weight) from gone group by scope_id
     on conflict (scope_id, tx) do update set weight = c.weight + excluded.weight`,
    [foldAbove],
  );
  if (ids.length === 0) return;
  await query(
    `insert into app.customer_figures as f (miner_id, hash_rate_15m, hash_rate_24h)
     select m.id, coalesce(sum(f15.hash_rate), 0), coalesce(sum(f24.hash_rate), 0)
     from unnest($1::uuid[]) as m(id)
     left join app.workers w on w.miner_id = m.id and w.behaviour = 'hardware'
     left join app.worker_figures_15m f15 on f15.worker_id = w.id
     left join app.worker_figures_24h f24 on f24.worker_id = w.id
     group by m.id
     order by m.id
     on conflict (miner_id) do update set hash_rate_15m = excluded.hash_rate_15m, hash_rate_24h = excluded.hash_rate_24h
     where (f.hash_rate_15m, f.hash_rate_24h) is distinct from (excluded.hash_rate_15m, excluded.hash_rate_24h)`,
    [`{${ids.join(',')}}`],
  );
}
