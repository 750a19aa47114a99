import type { BenchMeasure } from './types.js';

export const measures: BenchMeasure[] = [
  {
    // The SPA's first-route JS (document budget: landing and sign-in ≤ 200 KB gzip), from the build
    // `npm run bench` makes first.
    name: 'webBundle',
    description: "the SPA's first-route JavaScript (gzip), from the build npm run bench makes first",
    needsRuntime: false,
    measure: async () => {
      const { measureBundle } = await import('../../../web/bench/bundle-size.js');
      return measureBundle();
    },
  },
];
