// @ts-check
/** @type {import('esbuild').Plugin} */
export const leanZod = {
  name: 'lean-zod',
  setup(b) {
    b.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /zod[\\/]v4[\\/](classic|core|mini)/.test(args.importer) ? { path: 'locales', namespace: 'lean-zod' } : undefined,
    );
    b.onResolve({ filter: /^\.\/compile\.js$/ }, (args) =>
      /zod[\\/]v4[\\/]core/.test(args.importer) ? { path: 'compile', namespace: 'lean-zod' } : undefined,
    );
    b.onResolve({ filter: /^\.\/from-json-schema\.js$/ }, (args) =>
      /zod[\\/]v4[\\/]classic/.test(args.importer) ? { path: 'from-json-schema', namespace: 'lean-zod' } : undefined,
    );
    const unused = (name) =>
      `() => { throw new Error('${name} is not bundled in this Lambda (infra/bundle/lean-zod.mjs)'); }`;
    const stubs = {
      locales: 'export {};',
      compile: [
        'export const INVALID = Symbol.for("zod.compile.invalid");',
        'export class ZodCompileAsyncError extends Error {}',
        'export class ZodCompileUnsupportedError extends Error {}',
        `export const compile = ${unused('z.compile')};`,
        `export const withParser = ${unused('z.withParser')};`,
        `export const compileFn = ${unused('z.compileFn')};`,
      ].join('\n'),
      'from-json-schema': `export const fromJSONSchema = ${unused('z.fromJSONSchema')};`,
    };
    b.onLoad({ filter: /.*/, namespace: 'lean-zod' }, (args) => ({
      contents: stubs[/** @type {keyof typeof stubs} */ (args.path)],
      loader: 'js',
    }));
  },
};
