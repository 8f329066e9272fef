import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * Below 1024 px the navigation is a strip that scrolls sideways; this keeps the current page's tab
 * in view (centred) after every navigation, so "you are here" is never off-screen. It moves only
 * the strip, never the page.
 */
export function useActiveTabInView() {
  const strip = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    const nav = strip.current;
    if (!nav) return;
    // The strip is measured when a ResizeObserver first reports it: after the browser's own layout
    // and before the paint, so reading its geometry forces no layout inside React's commit (on a
    // phone's CPU, that forced layout of the whole first page was the longest part of its task).
    const measured = new ResizeObserver(() => {
      measured.disconnect();
      const active = nav.querySelector<HTMLElement>('[aria-current="page"]');
      if (!active || nav.scrollWidth <= nav.clientWidth) return;
      const offset = active.getBoundingClientRect().left - nav.getBoundingClientRect().left;
      nav.scrollLeft += offset - (nav.clientWidth - active.offsetWidth) / 2;
    });
    measured.observe(nav);
    return () => measured.disconnect();
  }, [pathname]);
  return strip;
}
