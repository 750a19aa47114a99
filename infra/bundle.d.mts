import type { BuildOptions, Metafile, Plugin } from 'esbuild';
export declare const REPO_ROOT: string;
export declare const ESM_REQUIRE_SHIM: string;
export declare const LEAN_EXTERNALS: string[];
export declare const leanZod: Plugin;
export declare function bundleOptions(entry: string, outdir: string, opts?: { externalModules?: string[] }): BuildOptions;
export declare function bundle(entry: string, outdir: string, opts?: { externalModules?: string[] }): Promise<{ bytes: number; metafile: Metafile }>;
