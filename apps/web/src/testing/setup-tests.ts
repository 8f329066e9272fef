import '@testing-library/jest-dom/vitest';

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
