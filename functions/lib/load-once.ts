/**
 * Something heavy built on first use and then kept, for the libraries the API Lambdas load with
 * `import()` instead of at cold start (docs/decisions/0132-house-lean-bundles-fourth-pass-every-api.md: the SES and S3
 * SDKs, handlebars, the multipart parser). esbuild (infra/bundle.mjs, splitting) puts what is behind `import()` in a
 * chunk of its own, fetched by the first request that needs it.
 *
 * Concurrent first calls share one promise. A failed build is not kept: the next call tries again
 * (as building the client synchronously on each call did before). `reset()` forgets the value
 * (tests change the configuration between runs).
 *
 * Declare one at module level with a pure annotation (`const x = PURE-comment loadOnce(...)`, see
 * lib/files.ts): a bundle that never calls it then drops it and its import(), so an area that only
 * shares a module with the S3 or SES code ships neither (infra/permissions.test.ts reads the
 * shipped code to decide the grants).
 */
export function loadOnce<T>(build: () => Promise<T>): { get(): Promise<T>; reset(): void } {
  let current: Promise<T> | undefined;
  return {
    get() {
      if (!current) {
        const p = (async () => build())();
        current = p;
        p.catch(() => {
          if (current === p) current = undefined;
        });
      }
      return current;
    },
    reset() {
      current = undefined;
    },
  };
}
