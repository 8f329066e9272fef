import { useState } from 'react';
import { useSearchParams } from 'react-router';

interface Pending {
  /** The address asked for last. */
  to: string;
  /** Addresses it replaces: shown as `to` until the router has moved past them. */
  replaced: string[];
}

/**
 * A page's filters and page number, kept in its address. The router moves the address in a
 * transition, after the route's loader, so a second click before it did would build on the address
 * of the last render and lose the first. The value asked for therefore shows at once and is what
 * the next change builds on; the address catches up and takes over.
 */
export function useSearchState<Value>(
  parse: (search: URLSearchParams) => Value,
  format: (value: Value) => URLSearchParams,
): [Value, (next: Value) => void] {
  const [search, setSearch] = useSearchParams();
  const [pending, setPending] = useState<Pending>();
  const address = search.toString();
  const shown = pending?.replaced.includes(address) ? pending.to : address;

  const change = (next: Value) => {
    const to = format(next).toString();
    if (to === shown) return;
    setPending({ to, replaced: pending?.replaced.includes(address) ? [...pending.replaced, shown] : [address] });
    setSearch(to, { replace: true });
  };
  return [parse(new URLSearchParams(shown)), change];
}
