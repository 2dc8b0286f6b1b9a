import { prefetchAllowed } from './prefetch';

it('prefetches unless the person saves data or the connection is 2G-like', () => {
  expect(prefetchAllowed(undefined)).toBe(true);
  expect(prefetchAllowed({ effectiveType: '4g' })).toBe(true);
  expect(prefetchAllowed({ effectiveType: '3g' })).toBe(true);
  expect(prefetchAllowed({ saveData: true, effectiveType: '4g' })).toBe(false);
  expect(prefetchAllowed({ effectiveType: '2g' })).toBe(false);
  expect(prefetchAllowed({ effectiveType: 'slow-2g' })).toBe(false);
});
