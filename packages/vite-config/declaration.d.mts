import type { Plugin } from 'vite';

export declare const SHELL_DECLARATION: 'lendview-shell.json';
export declare const REMOTE_DECLARATION: 'lendview-remote.json';
export declare const DECLARATION_FORMAT: number;

/** lendview-shell.json: the shared versions a shell build provides. */
export interface ShellDeclaration {
  format: number;
  kind: 'shell';
  package: string;
  version: string;
  shared: Record<string, string>;
  /** Shared packages this shell provides only in part (shared-subset.mjs): package → the names provided. */
  sharedExports?: Record<string, string[]>;
  /** Version of the federation runtime this shell provides to remotes built with `experiments.externalRuntime`. */
  federationRuntime?: string;
}

/** lendview-remote.json: what a remote build is and what it needs from the shell. */
export interface RemoteDeclaration {
  format: number;
  kind: 'remote';
  name: string;
  package: string;
  version: string;
  routes: string[];
  /** `imports`: for a package the shell shares only in part, the names this remote imports from it. */
  shared: Record<string, { version: string; requires: string; imports?: string[] }>;
  /** Set when the remote runs on the shell's federation runtime instead of bundling its own. */
  federationRuntime?: { version: string; requires: string };
}

export declare function resolvedVersion(name: string, fromDir: string): string;
export declare function requirementFor(name: string, version: string): string;
export declare function parseVersion(text: string): { major: number; minor: number; patch: number; pre: string | undefined } | undefined;
export declare function compareVersions(a: string, b: string): number;
export declare function satisfies(version: string, range: string): boolean;
export declare function incompatibilities(remote: RemoteDeclaration, shell: ShellDeclaration): string[];
export declare function declareBuild(opts: {
  kind: 'shell' | 'remote';
  name?: string;
  shared: string[];
  subsets?: Record<string, string[]>;
  usage?: Map<string, Set<string>>;
  federationRuntime?: string;
  root?: string;
}): Plugin;
