/* Shims jsdom lacks, and a test set-up that fails on any console.error (react-admin's practice). */
import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';
import { IntersectionObserverShim } from './intersection-observer';

Object.assign(globalThis, { TextEncoder, TextDecoder });

class ResizeObserverShim {
  observe() {}
  unobserve() {}
  disconnect() {}
}
Object.assign(globalThis, {
  ResizeObserver: ResizeObserverShim,
  IntersectionObserver: IntersectionObserverShim,
});
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;
window.scrollTo = () => {};
Element.prototype.scrollTo ??= () => {};

// jsdom has no PointerEvent, and zag-js (Chakra's checkbox) builds one when a checkbox loses focus.
if (typeof window.PointerEvent !== 'function') {
  class PointerEventShim extends MouseEvent {
    readonly pointerId: number;
    readonly pointerType: string;
    readonly isPrimary: boolean;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 1;
      this.pointerType = init.pointerType ?? 'mouse';
      this.isPrimary = init.isPrimary ?? true;
    }
  }
  Object.defineProperty(window, 'PointerEvent', {
    value: PointerEventShim,
    configurable: true,
    writable: true,
  });
}

const originalError = console.error;
beforeEach(() => {
  console.error = (...args: unknown[]) => {
    originalError(...args);
    throw new Error(`console.error was called: ${args.map(String).join(' ')}`);
  };
});
afterEach(() => {
  console.error = originalError;
});

// findBy*/waitFor wait up to 5 s instead of 1 s: these machines are shared and noisy, and a dialog's
// close animation or a query's answer can take longer than a second under load. A wait only ever
// ends early when the screen is right, so the longer limit costs nothing on a quiet machine.
configure({ asyncUtilTimeout: 5000 });
