import { describe, expect, it } from 'vitest';
import { dialogTiming, sheetDragCloses } from './sheet-drag.ts';

describe('bottom sheet drag (spec 9)', () => {
  it('closes on a fast downward drag', () => {
    expect(sheetDragCloses({ dy: 20, elapsedMs: 149, sheetHeight: 400 })).toBe(true);
  });

  it('closes on a slow drag past half the height', () => {
    expect(sheetDragCloses({ dy: 201, elapsedMs: 900, sheetHeight: 400 })).toBe(true);
  });

  it('stays open on a slow short drag or an upward one', () => {
    expect(sheetDragCloses({ dy: 200, elapsedMs: 150, sheetHeight: 400 })).toBe(false);
    expect(sheetDragCloses({ dy: -50, elapsedMs: 50, sheetHeight: 400 })).toBe(false);
  });

  it('uses the exit durations of spec 9', () => {
    expect(dialogTiming.modalExitMs).toBe(160);
    expect(dialogTiming.sheetExitMs).toBe(300);
  });
});
