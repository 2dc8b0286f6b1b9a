/**
 * jsdom has no IntersectionObserver: this stand-in records what is observed, and `setIntersecting`
 * tells the observers of an element that it became visible (an infinite list's sentinel, say).
 */
const observers = new Set<IntersectionObserverShim>();

export class IntersectionObserverShim implements IntersectionObserver {
  readonly root = null;
  readonly rootMargin = '';
  readonly thresholds: readonly number[] = [];
  readonly elements = new Set<Element>();
  constructor(private readonly callback: IntersectionObserverCallback) {
    observers.add(this);
  }
  observe(element: Element) {
    this.elements.add(element);
  }
  unobserve(element: Element) {
    this.elements.delete(element);
  }
  disconnect() {
    this.elements.clear();
    observers.delete(this);
  }
  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }
  notify(element: Element, isIntersecting: boolean) {
    const rect = element.getBoundingClientRect();
    const entry = {
      target: element,
      isIntersecting,
      intersectionRatio: isIntersecting ? 1 : 0,
      boundingClientRect: rect,
      intersectionRect: rect,
      rootBounds: null,
      time: Date.now(),
    };
    this.callback([entry], this);
  }
}

/** Tells every observer of the element that it is (or is no longer) visible; false when none observes it. */
export function setIntersecting(element: Element, isIntersecting = true): boolean {
  const watching = [...observers].filter((observer) => observer.elements.has(element));
  for (const observer of watching) observer.notify(element, isIntersecting);
  return watching.length > 0;
}
