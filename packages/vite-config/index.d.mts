import type { UserConfig } from 'vite';

export declare const SINGLETONS: string[];
export declare const API_PREFIXES: string[];
export declare function sharedConfig(): Record<string, { singleton: true; requiredVersion: false }>;
export declare function remoteConfig(opts: { name: string; port: number; exposes?: Record<string, string> }): UserConfig;
export declare function hostConfig(opts?: { port?: number }): UserConfig;
