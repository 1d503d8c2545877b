// What each build declares about itself, and the check that a remote build can run on a shell build.
//
// The shell's build writes `lendview-shell.json` (the versions of every shared singleton it provides); a
// remote's build writes `lendview-remote.json` next to its remoteEntry (the versions it was built against
// and what it therefore needs). `pnpm release` compares the two (docs/releasing.md): the versions come from
// the packages resolved at build time, never from a hand-written list, so a remote built against a newer
// api-client major cannot go live on an older shell.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export const SHELL_DECLARATION = 'lendview-shell.json';
export const REMOTE_DECLARATION = 'lendview-remote.json';
/** Bumped when the shape of a declaration changes incompatibly. */
export const DECLARATION_FORMAT = 1;

/** Version of `name` as this app resolves it: node_modules/<name>/package.json, walking up from `fromDir`. */
export function resolvedVersion(name, fromDir) {
  // Not require.resolve: several shared packages do not export ./package.json.
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const file = join(dir, 'node_modules', name, 'package.json');
    if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')).version;
    if (dirname(dir) === dir) throw new Error(`${name} is not installed for ${fromDir}`);
  }
}

/**
 * What a remote built against `version` of a shared package needs from the shell.
 * - `@lendview/*`: the same major, literally (also in 0.x: a breaking change is a `major` changeset).
 * - Everything else: a caret range from the version it was built against (at least what it was built and
 *   tested with, within that major; in 0.x within that minor, as npm reads ^0.y.z).
 */
export function requirementFor(name, version) {
  const v = parseVersion(version);
  if (!v) throw new Error(`${name}: cannot read version "${version}"`);
  return name.startsWith('@lendview/') ? `${v.major}.x` : `^${v.major}.${v.minor}.${v.patch}`;
}

/** { major, minor, patch, pre } of "1.2.3" or "1.2.3-beta.1"; undefined when it is not a version. */
export function parseVersion(text) {
  const m = /^v?(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/.exec(String(text).trim());
  if (!m) return undefined;
  return { major: Number(m[1]), minor: Number(m[2]), patch: Number(m[3]), pre: m[4] };
}

/** Ordering of two versions (semver precedence, prerelease identifiers included); NaN when one is unreadable. */
export function compareVersions(a, b) {
  const x = parseVersion(a);
  const y = parseVersion(b);
  if (!x || !y) return NaN;
  for (const k of ['major', 'minor', 'patch']) if (x[k] !== y[k]) return x[k] < y[k] ? -1 : 1;
  if (x.pre === y.pre) return 0;
  if (x.pre === undefined) return 1;
  if (y.pre === undefined) return -1;
  const xs = x.pre.split('.');
  const ys = y.pre.split('.');
  for (let i = 0; i < Math.max(xs.length, ys.length); i++) {
    if (xs[i] === undefined) return -1;
    if (ys[i] === undefined) return 1;
    if (xs[i] === ys[i]) continue;
    const xn = /^\d+$/.test(xs[i]);
    const yn = /^\d+$/.test(ys[i]);
    if (xn && yn) return Number(xs[i]) < Number(ys[i]) ? -1 : 1;
    if (xn !== yn) return xn ? -1 : 1;
    return xs[i] < ys[i] ? -1 : 1;
  }
  return 0;
}

/** Whether `version` satisfies a range written by requirementFor: "N.x" or "^N.N.N". */
export function satisfies(version, range) {
  const v = parseVersion(version);
  if (!v) return false;
  const major = /^(\d+)\.x$/.exec(range);
  if (major) return v.major === Number(major[1]);
  const caret = /^\^(.+)$/.exec(range);
  const min = caret && parseVersion(caret[1]);
  if (!min) throw new Error(`unsupported range "${range}"`);
  if (compareVersions(version, caret[1]) < 0) return false;
  if (min.major !== 0) return v.major === min.major;
  if (min.minor !== 0) return v.major === 0 && v.minor === min.minor;
  return v.major === 0 && v.minor === 0 && v.patch === min.patch;
}

/**
 * Problems that keep `remote` (a lendview-remote.json) off `shell` (a lendview-shell.json): one line each,
 * naming the package, what the remote needs and what the shell provides. Empty: compatible.
 */
export function incompatibilities(remote, shell) {
  const problems = [];
  if (remote?.format !== DECLARATION_FORMAT || shell?.format !== DECLARATION_FORMAT) {
    return [`declaration format: remote has ${remote?.format}, shell has ${shell?.format}, both must be ${DECLARATION_FORMAT} (rebuild)`];
  }
  for (const [name, need] of Object.entries(remote.shared ?? {})) {
    const provided = shell.shared?.[name];
    if (provided === undefined) {
      problems.push(`${name}: the remote needs ${need.requires} (built against ${need.version}), the shell does not share it`);
    } else if (!satisfies(provided, need.requires)) {
      problems.push(`${name}: the remote needs ${need.requires} (built against ${need.version}), the shell provides ${provided}`);
    }
    // A package the shell shares only in part (shared-subset.mjs): every name the remote imports must be there.
    const subset = shell.sharedExports?.[name];
    if (provided !== undefined && subset && need.imports) {
      const missing = need.imports.filter((n) => !subset.includes(n));
      if (missing.length)
        problems.push(
          `${name}: the remote imports ${missing.join(', ')}, the shell's shared copy does not provide ${missing.length > 1 ? 'them' : 'it'}`,
        );
    }
  }
  // A remote built with experiments.externalRuntime runs on the shell's federation runtime.
  const runtime = remote.federationRuntime;
  if (runtime) {
    const provided = shell.federationRuntime;
    if (provided === undefined) {
      problems.push(
        `federation runtime: the remote runs on the shell's (needs ${runtime.requires}, built against ${runtime.version}), the shell does not provide one`,
      );
    } else if (!satisfies(provided, runtime.requires)) {
      problems.push(
        `federation runtime: the remote runs on the shell's (needs ${runtime.requires}, built against ${runtime.version}), the shell provides ${provided}`,
      );
    }
  }
  return problems;
}

function readPackage(dir) {
  return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
}

/**
 * Vite plugin (build only) that writes the declaration of this build into its output folder.
 * kind 'shell': lendview-shell.json; kind 'remote': lendview-remote.json.
 * - `subsets` (shell): shared packages it provides only in part, package → the names provided.
 * - `usage` (remote): package → Set of the names its code imports (filled during the build), for the
 *   packages shared as a subset.
 * - `federationRuntime`: the version of the federation runtime the shell provides to the remotes, or the
 *   one a remote built to run on the shell's runtime was built against.
 */
export function declareBuild({ kind, name, shared, subsets, usage, federationRuntime, root = process.cwd() }) {
  return {
    name: 'lendview:declare-build',
    apply: 'build',
    generateBundle() {
      const pkg = readPackage(root);
      const versions = Object.fromEntries(shared.map((lib) => [lib, resolvedVersion(lib, root)]));
      // No timestamp: a rebuild of the same sources must give the same bytes (an identical re-release is a no-op).
      const declaration =
        kind === 'shell'
          ? {
              format: DECLARATION_FORMAT,
              kind,
              package: pkg.name,
              version: pkg.version,
              shared: versions,
              ...(subsets
                ? { sharedExports: Object.fromEntries(Object.entries(subsets).map(([lib, names]) => [lib, [...names].sort()])) }
                : {}),
              ...(federationRuntime ? { federationRuntime } : {}),
            }
          : {
              format: DECLARATION_FORMAT,
              kind,
              name,
              package: pkg.name,
              // MF_BUILD_VERSION is also what mf-manifest.json records (a release's --version override).
              version: process.env.MF_BUILD_VERSION || pkg.version,
              routes: pkg.lendview?.routes ?? [],
              shared: Object.fromEntries(
                Object.entries(versions).map(([lib, version]) => [
                  lib,
                  {
                    version,
                    requires: requirementFor(lib, version),
                    ...(usage?.has(lib) ? { imports: [...usage.get(lib)].sort() } : {}),
                  },
                ]),
              ),
              ...(federationRuntime
                ? {
                    federationRuntime: {
                      version: federationRuntime,
                      requires: requirementFor('@module-federation/runtime', federationRuntime),
                    },
                  }
                : {}),
            };
      this.emitFile({
        type: 'asset',
        fileName: kind === 'shell' ? SHELL_DECLARATION : REMOTE_DECLARATION,
        source: JSON.stringify(declaration, null, 2) + '\n',
      });
    },
  };
}
