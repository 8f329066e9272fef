import { useEffect, useRef } from 'react';

/**
 * Tells the page once, the first time a section has its answer (data or error). The settings page
 * shows each section only after the ones above it settled, so content is only ever added below
 * what is on screen and nothing a reader is looking at moves (issue 18: CLS < 0.05).
 */
export function useSettled(settled: boolean, onSettled: (() => void) | undefined): void {
  const told = useRef(false);
  useEffect(() => {
    if (!settled || told.current) return;
    told.current = true;
    onSettled?.();
  }, [settled, onSettled]);
}
