#!/usr/bin/env node
// `pnpm gen remote <name> [--route /path] [--port N] [--no-install]` and `pnpm gen screen <remote> <ScreenName> <route>`
// (issue 16 item 6; docs/remotes.md "Add a remote"). Files come from scripts/templates/ ({{KEY}} placeholders).
//
// remote: apps/<name>/ with package.json (lendview.remote / routes, dev, dev:mock, build, test, lint, typecheck),
//   vite.config.ts through remoteConfig (the next free dev port), tsconfig, index.html + src/main.tsx (standalone dev,
//   MSW in dev:mock), src/App.tsx + src/routes.ts, messages in en and id, src/mocks/handlers.ts, the test harness and a
//   routes test; then a first screen (Home, at --route or /<camelName>) and `pnpm install` to link the package.
//   Lint is the repository's eslint.config.js (it covers every app).
// screen: src/pages/<Name>Page.tsx, its lazy import and <Route> in App.tsx, its path in package.json lendview.routes and
//   src/routes.ts, its title and text in src/i18n/en.ts and id.ts, and src/__tests__/<name>-page.test.tsx.
// A route another app owns (or the shell's /testPreview) is refused, as a release would refuse it.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
const TEMPLATES = join(HERE, 'templates');
/** Routes the shell itself renders. */
const SHELL_ROUTES = ['/testPreview'];
const FIRST_PORT = 5101;

export class GenError extends Error {}

const fill = (text, vars) =>
  text.replace(/\{\{(\w+)\}\}/g, (m, k) => {
    if (!(k in vars)) throw new GenError(`template placeholder ${m} has no value`);
    return String(vars[k]);
  });

const words = (s) =>
  s
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
const pascal = (s) =>
  words(s)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join('');
const camel = (s) => {
  const p = pascal(s);
  return p[0].toLowerCase() + p.slice(1);
};
const kebab = (s) =>
  words(s)
    .map((w) => w.toLowerCase())
    .join('-');

function readJson(file) {
  return JSON.parse(readFileSync(file, 'utf8'));
}
function writeJson(file, value) {
  writeFileSync(file, JSON.stringify(value, null, 2) + '\n');
}

/** Every app of the workspace with its package.json (apps/*). */
function apps(root) {
  const dir = join(root, 'apps');
  return readdirSync(dir)
    .filter((d) => existsSync(join(dir, d, 'package.json')))
    .map((d) => ({ dir: join(dir, d), name: d, pkg: readJson(join(dir, d, 'package.json')) }));
}

/** Which app already owns `route` (exact match, as the shell matches), or undefined. */
export function routeOwner(root, route) {
  if (SHELL_ROUTES.includes(route)) return 'shell';
  return apps(root).find((a) => (a.pkg.lendview?.routes ?? []).includes(route))?.name;
}

/** The next dev port after every app's vite.config.ts port. */
export function nextPort(root) {
  let max = FIRST_PORT - 1;
  for (const a of apps(root)) {
    const file = join(a.dir, 'vite.config.ts');
    if (!existsSync(file)) continue;
    for (const m of readFileSync(file, 'utf8').matchAll(/port:\s*(\d+)/g)) if (Number(m[1]) < 5173) max = Math.max(max, Number(m[1]));
  }
  return max + 1 === 5173 ? 5174 : max + 1;
}

function checkRoute(root, route) {
  if (!/^\/[A-Za-z0-9][A-Za-z0-9/_-]*$/.test(route) || route.endsWith('/') || route.includes('//'))
    throw new GenError(`a route is an absolute path like /offers (letters, digits, -, _ and /), not "${route}"`);
  const owner = routeOwner(root, route);
  if (owner) throw new GenError(`${route} is already a route of ${owner}: each route has one owner (pick another)`);
}

function copyTemplates(from, to, vars, made) {
  for (const entry of readdirSync(from)) {
    const src = join(from, entry);
    if (statSync(src).isDirectory()) {
      copyTemplates(src, join(to, entry), vars, made);
      continue;
    }
    const dest = join(to, entry.replace(/\.tmpl$/, ''));
    mkdirSync(dirname(dest), { recursive: true });
    writeFileSync(dest, fill(readFileSync(src, 'utf8'), vars));
    made.push(dest);
  }
}

/** Index of the `}` closing the `{` at `open` (strings and comments of our own message files are plain enough). */
function closingBrace(text, open) {
  let depth = 0;
  let quote = null;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
      continue;
    }
    if (c === "'" || c === '"' || c === '`') quote = c;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i;
  }
  throw new GenError('unbalanced braces');
}

const quote = (s) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** Adds `key: { ...entries }` as the last property of `export const <name> = {` in a messages file. */
function addMessageKey(file, name, key, entries) {
  const text = readFileSync(file, 'utf8');
  const start = text.search(new RegExp(`export const ${name}(?::[^=]+)? = \\{`));
  if (start < 0) throw new GenError(`${relative(process.cwd(), file)}: no "export const ${name} = {" to add the screen's messages to`);
  const open = text.indexOf('{', text.indexOf('=', start));
  const close = closingBrace(text, open);
  if (new RegExp(`^\\s{2}${key}:`, 'm').test(text.slice(open, close)))
    throw new GenError(`${relative(process.cwd(), file)} already has messages "${key}"`);
  const body = text.slice(open + 1, close).trimEnd();
  const sep = body === '' || body.endsWith(',') || body.endsWith('{') ? '' : ',';
  const block = `  ${key}: {\n${Object.entries(entries)
    .map(([k, v]) => `    ${k}: ${quote(v)},`)
    .join('\n')}\n  },`;
  writeFileSync(file, `${text.slice(0, open + 1)}${body}${sep}\n${block}\n${text.slice(close)}`);
}

/** The remote's folder and package from its app name (apps/<remote>). */
function remoteApp(root, remote) {
  const dir = join(root, 'apps', remote);
  if (!existsSync(join(dir, 'package.json'))) throw new GenError(`no remote apps/${remote} (pnpm gen remote ${remote} makes one)`);
  const pkg = readJson(join(dir, 'package.json'));
  if (!pkg.lendview?.remote) throw new GenError(`apps/${remote} is not a remote (its package.json has no lendview.remote)`);
  return { dir, pkg };
}

/** `pnpm gen screen <remote> <ScreenName> <route>`: returns the files made or changed. */
export function genScreen(root, remote, screenName, route) {
  const { dir, pkg } = remoteApp(root, remote);
  if (!screenName || !/^[A-Za-z][A-Za-z0-9 _-]*$/.test(screenName))
    throw new GenError(`a screen name is a word like Offers, not "${screenName ?? ''}"`);
  checkRoute(root, route);
  const base = pascal(screenName).replace(/Page$/, '') || 'Home';
  const component = `${base}Page`;
  const key = camel(base);
  const pageFile = join(dir, 'src/pages', `${component}.tsx`);
  if (existsSync(pageFile)) throw new GenError(`${relative(root, pageFile)} exists already`);
  const ns = pkg.lendview.remote;
  const title = words(base).join(' ');
  const vars = { ROUTE: route, COMPONENT: component, KEY: key, NS: ns, WORDS: title };
  const changed = [];

  // The page and its test.
  mkdirSync(dirname(pageFile), { recursive: true });
  writeFileSync(pageFile, fill(readFileSync(join(TEMPLATES, 'screen/Page.tsx.tmpl'), 'utf8'), vars));
  const testFile = join(dir, 'src/__tests__', `${kebab(base)}-page.test.tsx`);
  mkdirSync(dirname(testFile), { recursive: true });
  writeFileSync(testFile, fill(readFileSync(join(TEMPLATES, 'screen/page.test.tsx.tmpl'), 'utf8'), vars));
  changed.push(pageFile, testFile);

  // Messages, both languages (the Indonesian text is the team's to translate; the title starts as the name).
  addMessageKey(join(dir, 'src/i18n/en.ts'), 'en', key, { title, intro: `${title}: this screen is new. Replace this text.` });
  addMessageKey(join(dir, 'src/i18n/id.ts'), 'id', key, { title, intro: `${title}: layar ini baru. Ganti teks ini.` });
  changed.push(join(dir, 'src/i18n/en.ts'), join(dir, 'src/i18n/id.ts'));

  // App.tsx: the lazy import and the <Route>.
  const appFile = join(dir, 'src/App.tsx');
  let app = readFileSync(appFile, 'utf8');
  const lazyLine = `const ${component} = lazy(() => import('./pages/${component}.tsx'));`;
  const routeLine = `<Route path=${quote(route)} element={<${component} />} />`;
  if (app.includes('// gen:screens')) app = app.replace('// gen:screens', `${lazyLine}\n// gen:screens`);
  else {
    const lazies = [...app.matchAll(/^const \w+ = lazy\(.*$/gm)];
    if (!lazies.length) throw new GenError(`${relative(root, appFile)}: no lazy screen imports to add one after`);
    const last = lazies.at(-1);
    app = `${app.slice(0, last.index + last[0].length)}\n${lazyLine}${app.slice(last.index + last[0].length)}`;
  }
  const marker = app.match(/^([ \t]*)\{\/\* gen:routes \*\/\}/m);
  if (marker) app = app.replace(marker[0], `${marker[1]}${routeLine}\n${marker[0]}`);
  else {
    const end = app.match(/^([ \t]*)<\/Routes>/m);
    if (!end) throw new GenError(`${relative(root, appFile)}: no </Routes> to add the route to`);
    app = app.replace(end[0], `${end[1]}  ${routeLine}\n${end[0]}`);
  }
  writeFileSync(appFile, app);
  changed.push(appFile);

  // package.json lendview.routes (feeds /remotes.json) and src/routes.ts.
  pkg.lendview.routes = [...(pkg.lendview.routes ?? []), route];
  writeJson(join(dir, 'package.json'), pkg);
  changed.push(join(dir, 'package.json'));
  const routesFile = join(dir, 'src/routes.ts');
  const routes = existsSync(routesFile) ? readFileSync(routesFile, 'utf8') : '';
  const table = routes.match(/export const ROUTES(?::[^=]+)? = \[([^\]]*)\]/);
  if (table) {
    const items = table[1].trim().replace(/,$/, '');
    const head = table[0].slice(0, table[0].lastIndexOf('['));
    writeFileSync(routesFile, routes.replace(table[0], `${head}[${items ? `${items}, ` : ''}${quote(route)}]`));
    changed.push(routesFile);
  } else console.warn(`! ${relative(root, routesFile)} has no ROUTES array: add ${route} to the route table by hand`);
  return changed;
}

/** `pnpm gen remote <name>`: returns the app folder. */
export function genRemote(root, name, { route, port } = {}) {
  if (!name || !/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(name))
    throw new GenError(`a remote's name is kebab-case like offers or loan-offers, not "${name ?? ''}"`);
  const dir = join(root, 'apps', name);
  if (existsSync(dir)) throw new GenError(`apps/${name} exists already`);
  const fed = name.replace(/-/g, '_');
  const taken = apps(root).find((a) => a.pkg.lendview?.remote === fed || a.name === name);
  if (taken) throw new GenError(`the federation name ${fed} is taken by apps/${taken.name}`);
  const first = route ?? `/${camel(name)}`;
  checkRoute(root, first);
  const vars = {
    APP: name,
    FED: fed,
    NS: fed,
    PORT: port ?? nextPort(root),
    TITLE: words(name)
      .map((w) => w[0].toUpperCase() + w.slice(1))
      .join(' '),
    TYPE: pascal(name),
  };
  const made = [];
  copyTemplates(join(TEMPLATES, 'remote'), dir, vars, made);
  genScreen(root, name, 'Home', first);
  return dir;
}

function run(cmd, args, cwd) {
  const r = spawnSync(cmd, args, { cwd, stdio: 'inherit' });
  if (r.status !== 0) throw new GenError(`${cmd} ${args.join(' ')} failed (${r.status ?? r.signal})`);
}

function flags(argv) {
  const out = { _: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--no-install') out.install = false;
    else if (a === '--route' || a === '--port') out[a.slice(2)] = argv[++i];
    else if (a.startsWith('--')) throw new GenError(`unknown option ${a}`);
    else out._.push(a);
  }
  return out;
}

const USAGE = `usage: pnpm gen remote <name> [--route /path] [--port N] [--no-install]
       pnpm gen screen <remote> <ScreenName> </route>`;

function main(argv, root = join(HERE, '..')) {
  const [what, ...rest] = argv;
  const f = flags(rest);
  const format = (paths) => run('pnpm', ['exec', 'prettier', '--log-level', 'warn', '--write', ...paths], root);
  if (what === 'remote') {
    const [name] = f._;
    const port = f.port !== undefined ? Number(f.port) : undefined;
    if (port !== undefined && !(Number.isInteger(port) && port > 1024 && port < 65536))
      throw new GenError(`--port takes a port number, not ${f.port}`);
    const dir = genRemote(root, name, { route: f.route, port });
    format([dir]);
    console.log(`✔ apps/${name}: @lendview/${name}, routes ${readJson(join(dir, 'package.json')).lendview.routes.join(', ')}`);
    if (f.install !== false) run('pnpm', ['install', '--prefer-offline'], root);
    console.log(
      `\nNext: pnpm --filter @lendview/${name} test | dev | dev:mock; pnpm gen screen ${name} <ScreenName> </route>; pnpm release ${name}` +
        (f.install === false ? `\n(run pnpm install first: the new package is not linked yet)` : ''),
    );
  } else if (what === 'screen') {
    const [remote, screen, route] = f._;
    if (!route) throw new GenError(USAGE);
    const changed = genScreen(root, remote, screen, route);
    format(changed);
    console.log(`✔ ${route} in apps/${remote}:\n${changed.map((c) => `  ${relative(root, c)}`).join('\n')}`);
  } else {
    console.log(USAGE);
    process.exitCode = what === undefined || what === '--help' ? 0 : 1;
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    main(process.argv.slice(2), process.env.LENDVIEW_GEN_ROOT ?? join(HERE, '..'));
  } catch (e) {
    if (!(e instanceof GenError)) throw e;
    console.error(`gen: ${e.message}`);
    process.exit(1);
  }
}
