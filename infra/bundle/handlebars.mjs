// @ts-check
/** handlebars as the library alone: without its optional source-map, AST printer and .hbs require hook. @type {import('esbuild').Plugin} */
export const withoutHandlebarsSourceMap = {
  name: 'without-handlebars-source-map',
  setup(b) {
    // code-gen.js requires it inside try/catch and falls back to its own SourceNode when it throws.
    b.onResolve({ filter: /^source-map$/ }, (args) =>
      /handlebars/.test(args.importer) ? { path: 'source-map', namespace: 'lean-handlebars' } : undefined,
    );
    // The package's main (lib/index.js) adds only the AST printer and a require() hook for .hbs files
    // to the library itself (dist/cjs/handlebars.js): neither is used here.
    b.onResolve({ filter: /^handlebars$/ }, (args) =>
      b.resolve('handlebars/dist/cjs/handlebars.js', { kind: args.kind, resolveDir: args.resolveDir }),
    );
    b.onLoad({ filter: /.*/, namespace: 'lean-handlebars' }, () => ({
      contents: "throw new Error('source-map is not bundled (infra/bundle/handlebars.mjs)');",
      loader: 'js',
    }));
  },
};
