// react-router shared as a subset: the names below, tree-shaken, instead of the whole package.
//
// Module Federation builds a shared module whole (every export kept: another build may need any of them),
// so sharing `react-router` as is costs ~66 KB gzip on every first load, mostly the data router, server
// rendering and RSC APIs that no app here uses. The share keeps its name and its version (`react-router`,
// so builds made before this change and builds made after it still find each other's copy), but the module
// it provides (the shell's copy and each remote's fallback) is a generated one that re-exports only
// REACT_ROUTER_EXPORTS from react-router's production build.
//
// The contract: an app may import only these names from 'react-router' (the build fails otherwise:
// checkSubsetImports), each build declares the names it provides or needs (declaration.mjs), and
// `pnpm release` refuses a remote that needs a name the live shell's copy lacks. Adding a name here means
// releasing the shell before a remote that uses it.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The react-router names the shared copy provides (component routing; no data router, no SSR/RSC). */
export const REACT_ROUTER_EXPORTS = [
  'BrowserRouter',
  'HashRouter',
  'MemoryRouter',
  'Router',
  'Routes',
  'Route',
  'Navigate',
  'Outlet',
  'Link',
  'NavLink',
  'useHref',
  'useInRouterContext',
  'useLocation',
  'useMatch',
  'useNavigate',
  'useNavigationType',
  'useOutlet',
  'useOutletContext',
  'useParams',
  'useResolvedPath',
  'useRoutes',
  'useSearchParams',
  'createSearchParams',
  'generatePath',
  'matchPath',
  'matchRoutes',
  'resolvePath',
];

/** Shared packages provided as a subset: share key → the names provided. */
export const SHARED_SUBSETS = { 'react-router': REACT_ROUTER_EXPORTS };

/**
 * Vite plugin (build only): fails the build when the app's own code imports from a subset-shared package a
 * name the subset does not provide (it would be `undefined` at run time), or imports it as a namespace
 * (which cannot be checked). Records the names it saw in `usage` (package → Set of names), for the
 * build's declaration.
 */
export function checkSubsetImports(usage = new Map()) {
  return {
    name: 'lendview:check-subset-imports',
    apply: 'build',
    transform(code, id) {
      if (id.includes('/node_modules/') || id.startsWith('\0') || !/\.[cm]?[jt]sx?$/.test(id.split('?')[0])) return null;
      if (!Object.keys(SHARED_SUBSETS).some((pkg) => code.includes(pkg))) return null;
      const ast = this.parse(code);
      for (const node of ast.body) {
        const isImport = node.type === 'ImportDeclaration';
        const isReExport = (node.type === 'ExportNamedDeclaration' || node.type === 'ExportAllDeclaration') && node.source;
        if (!isImport && !isReExport) continue;
        const pkg = node.source.value;
        const provided = SHARED_SUBSETS[pkg];
        if (!provided) continue;
        const names = [];
        if (node.type === 'ExportAllDeclaration') names.push('*');
        for (const spec of node.specifiers ?? []) {
          if (spec.type === 'ImportNamespaceSpecifier') names.push('*');
          else if (spec.type === 'ImportDefaultSpecifier') names.push('default');
          else if (spec.type === 'ImportSpecifier') names.push(spec.imported.name ?? spec.imported.value);
          else if (spec.type === 'ExportSpecifier') names.push(spec.local.name ?? spec.local.value);
        }
        const missing = names.filter((n) => !provided.includes(n));
        if (missing.length) {
          this.error(
            `${id}: imports ${missing.map((n) => (n === '*' ? 'the whole module (*)' : `"${n}"`)).join(', ')} from '${pkg}', ` +
              `which the shared copy does not provide. Add the name to the list in @lendview/vite-config/shared-subset.mjs ` +
              `(and release the shell before any remote that uses it).`,
          );
        }
        if (!usage.has(pkg)) usage.set(pkg, new Set());
        for (const n of names) usage.get(pkg).add(n);
      }
      return null;
    },
  };
}

/** react-router's production ESM build, as the app in `root` resolves it (its exports map only offers the development build). */
function reactRouterProductionEntry(root) {
  const require = createRequire(join(root, 'package.json'));
  const entry = join(dirname(require.resolve('react-router/package.json')), 'dist/production/index.mjs');
  if (!existsSync(entry)) throw new Error(`react-router has no production ESM build at ${entry}`);
  return entry;
}

/**
 * Writes the subset module of react-router for the app in `root` and returns its path: the `import` of the
 * react-router share. It lives under the app's node_modules on purpose: Module Federation then treats it as
 * a package (its copy is used only when no other build provides react-router first), where a file of the
 * workspace would be bundled as a local module and bypass the share.
 */
export function writeReactRouterSubset(root = process.cwd()) {
  const file = join(root, 'node_modules/.lendview-shared/react-router.mjs');
  const source =
    '// Generated by @lendview/vite-config (shared-subset.mjs): the react-router names every app may import.\n' +
    `export { ${REACT_ROUTER_EXPORTS.join(', ')} } from ${JSON.stringify(reactRouterProductionEntry(root))};\n`;
  mkdirSync(dirname(file), { recursive: true });
  if (!existsSync(file) || readFileSync(file, 'utf8') !== source) writeFileSync(file, source);
  return file;
}
