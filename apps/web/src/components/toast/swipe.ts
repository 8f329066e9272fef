import { toastTiming } from './toast-store.ts';

export interface SwipeEnd {
  /** Horizontal distance in px, positive to the right. */
  dx: number;
  elapsedMs: number;
}

/** Spec 9: a right swipe of more than 80 px with a velocity of at least 0.5 px/ms dismisses. */
export function swipeDismisses({ dx, elapsedMs }: SwipeEnd): boolean {
  if (dx <= toastTiming.swipeDistancePx) return false;
  const velocity = dx / Math.max(elapsedMs, 1);
  return velocity >= toastTiming.swipeVelocityPxPerMs;
}
