// @ts-check
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: entries, the contract index and the esbuild working directory are relative to it. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
