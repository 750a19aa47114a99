// @ts-check
import { REPO_ROOT } from './root.mjs';

/**
 * The AWS SDK's default credential chain as a Lambda resolves it: from the environment. Lambda puts
 * the function role's credentials in AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY / AWS_SESSION_TOKEN,
 * which is the first link of `@aws-sdk/credential-provider-node`'s chain, so the rest (SSO, ini
 * files, web identity, process, container and instance metadata) is never reached there, yet ~37 KB
 * of it loads at every cold start (files it shares with the SSO/STS clients). The local runtime sets
 * the same variables for the emulators. A function started without them fails its first AWS call
 * with the SDK's own "Unable to find environment variable credentials".
 * @type {import('esbuild').Plugin}
 */
export const lambdaCredentials = {
  name: 'lambda-credentials',
  setup(b) {
    b.onResolve({ filter: /^@aws-sdk\/credential-provider-node$/ }, () => ({
      path: 'credential-provider-node',
      namespace: 'lambda-credentials',
    }));
    b.onLoad({ filter: /.*/, namespace: 'lambda-credentials' }, () => ({
      resolveDir: REPO_ROOT,
      loader: 'js',
      contents:
        "import { fromEnv } from '@aws-sdk/credential-provider-env'; export const defaultProvider = (init = {}) => fromEnv(init);",
    }));
  },
};
