import { useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * Below 1024 px the navigation is a strip that scrolls sideways; this keeps the current page's tab
 * in view (centred) after every navigation, so "you are here" is never off-screen. It moves only
 * the strip, never the page.
 */
export function useActiveTabInView() {
  const strip = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    const nav = strip.current;
    const active = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!nav || !active || nav.scrollWidth <= nav.clientWidth) return;
    const offset = active.getBoundingClientRect().left - nav.getBoundingClientRect().left;
    nav.scrollLeft += offset - (nav.clientWidth - active.offsetWidth) / 2;
  }, [pathname]);
  return strip;
}
