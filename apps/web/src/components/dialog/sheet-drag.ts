/** Spec 9 motion constants of the modal and the bottom sheet that replaces it below 1024 px. */
export const dialogTiming = {
  modalExitMs: 160,
  sheetExitMs: 300,
  fastDragMs: 150,
  dragCloseFraction: 0.5,
} as const;

export interface SheetDrag {
  /** Downward distance in px. */
  dy: number;
  elapsedMs: number;
  sheetHeight: number;
}

/** Spec 9: the sheet closes on a downward drag that is fast (under 150 ms) or past half its height. */
export function sheetDragCloses({ dy, elapsedMs, sheetHeight }: SheetDrag): boolean {
  if (dy <= 0) return false;
  return elapsedMs < dialogTiming.fastDragMs || dy > sheetHeight * dialogTiming.dragCloseFraction;
}
