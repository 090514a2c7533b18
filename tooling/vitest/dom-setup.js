// Runs before every test file of the DOM preset.
// Testing Library unmounts after each test by itself because the preset turns on `globals` (its auto-cleanup
// registers with the global afterEach); importing it here could load a second copy of it.
import * as matchers from '@testing-library/jest-dom/matchers';

// jest-dom's matchers (toBeInTheDocument, toHaveAttribute…) on the running test's own `expect` (a global under
// this preset), never on a copy of vitest resolved from this folder.
globalThis.expect.extend(matchers);

// jsdom has no layout engine: Mantine asks for these and only needs them to exist.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent: () => false,
    }),
  });
}

if (!window.ResizeObserver) {
  window.ResizeObserver = class ResizeObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

if (!Element.prototype.scrollIntoView) {
  Element.prototype.scrollIntoView = () => {};
}
