import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';
import { options } from 'preact';

// findBy and waitFor give up after 1 s by default: under CI's load (two cores, the whole suite at
// once) a screen that waits on two queries took longer, and failed a test that holds on a quiet one.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no media queries, and uPlot asks for one as it loads. Every query answers false, as a
// wide screen without preferences would. Tests in the node environment have no window at all.
if (typeof window !== 'undefined') {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  });
}

// Preact runs effects after the next frame: a 35 ms timer racing requestAnimationFrame, whose end
// calls cancelAnimationFrame. A test file's last timer could fire once jsdom was torn down, with no
// cancelAnimationFrame left: an uncaught error that failed the whole run. A plain timer runs the
// effects in the same order, without the frame.
options.requestAnimationFrame = (callback) => void setTimeout(callback);
