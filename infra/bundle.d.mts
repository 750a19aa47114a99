import type { BuildOptions, Metafile, Plugin } from 'esbuild';
export declare const REPO_ROOT: string;
export declare const ESM_REQUIRE_SHIM: string;
export declare const LEAN_EXTERNALS: string[];
export declare const SDK_SOURCE: 'bundled' | 'runtime';
export type BundleOpts = { externalModules?: string[]; sdk?: 'bundled' | 'runtime' };
export declare const leanZod: Plugin;
export declare const withoutHandlebarsSourceMap: Plugin;
export declare const lambdaCredentials: Plugin;
export declare const directSdkImports: Plugin;
export declare function definingModule(
  file: string,
  name: string,
  depth?: number,
): { from: string; name: string } | null;
export declare function slimBarrel(file: string): string | null;
export declare const WHOLE_CONTRACT_IMPORTERS: string[];
export declare const RUNTIME_SDK_PACKAGES: string[];
export declare function areaContractSource(area: string, source?: string): { groups: string[]; source: string } | null;
export declare function areaContract(entry: string): Plugin;
export declare function unshippedSdkImports(metafile: Metafile): string[];
export declare function bundleOptions(entry: string, outdir: string, opts?: BundleOpts): BuildOptions;
export declare function bundle(
  entry: string,
  outdir: string,
  opts?: BundleOpts,
): Promise<{ bytes: number; assetBytes: number; metafile: Metafile }>;
