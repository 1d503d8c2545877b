// The container image, tested without Docker (issue 15 item 7, issue 36 item 3; deploy/Dockerfile, docs/deploy.md
// "Container image and compose"): the same `turbo prune --docker` tree plus deploy/prune-extra-files.txt,
// installed from the lockfile, the API and the shell built in it (the shell once failed there: tsconfig.base.json
// was not carried), `pnpm deploy --prod` of the API, and the runtime stage assembled from the Dockerfile's own
// COPY lines, so the test cannot drift from the image. From that layout, as a first start of the image in its
// production mode (compose.yaml's settings: staging, PGlite aside, an S3 store): migrate, publish every build,
// serve. Then every route of the route table (apps/*/package.json `lendview.routes`) answers 200 with the owning
// remote's page, and a complaint photo goes into the S3 store and comes back. The image once served nothing on its
// first start: the runtime stage had no app package.json, so publish-local published nothing (issue 36).
import assert from 'node:assert/strict';
import { Blob, Buffer } from 'node:buffer';
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { deflateSync } from 'node:zlib';
import { ROOT } from '../remotes.mjs';

const tmp = mkdtempSync(join(tmpdir(), 'lendview-container-test-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

const DOCKERFILE = readFileSync(join(ROOT, 'deploy/Dockerfile'), 'utf8');
const RUNTIME = DOCKERFILE.slice(DOCKERFILE.lastIndexOf('AS runtime'));
const apiRequire = createRequire(join(ROOT, 'apps/api/package.json'));

function run(cmd, args, cwd, env = process.env) {
  const r = spawnSync(cmd, args, { cwd, env: { ...env, TURBO_TELEMETRY_DISABLED: '1' }, encoding: 'utf8' });
  assert.equal(r.status, 0, `${cmd} ${args.join(' ')} failed in ${cwd}:\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

/** A command awaited without blocking this process: the S3 server runs in it and must answer the command. */
function runAsync(args, cwd, env) {
  return new Promise((done) => {
    const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (out += c));
    child.on('close', (status) => {
      assert.equal(status, 0, `node ${args.join(' ')} failed:\n${out}`);
      done(out);
    });
  });
}

function freePort() {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => ok(port));
    });
  });
}

/** The runtime stage's `COPY --from=build <from> <to>` lines, in order. */
function runtimeCopies() {
  return [...RUNTIME.matchAll(/^COPY --from=build (?:--chown=\S+ )?(\S+) (\S+)$/gm)].map((m) => ({ from: m[1], to: m[2] }));
}

/** The runtime stage's ENV line as an object. */
function runtimeEnv() {
  const line = /^ENV (.+)$/m.exec(RUNTIME)[1];
  return Object.fromEntries(line.split(/\s+/).map((kv) => kv.split('=')));
}

/** The route table: each app's package.json `lendview.routes`, with the app that owns each route. */
function routeTable() {
  return readdirSync(join(ROOT, 'apps'))
    .filter((app) => existsSync(join(ROOT, 'apps', app, 'package.json')))
    .flatMap((app) => {
      const pkg = JSON.parse(readFileSync(join(ROOT, 'apps', app, 'package.json'), 'utf8'));
      return (pkg.lendview?.routes ?? []).map((route) => ({ route, app }));
    });
}

/** A small valid PNG (one colour), as a phone's photo would be decoded by the server. */
function png(width, height) {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type, data) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x7f)]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test('the Dockerfile runs as a non-root user, has a readiness HEALTHCHECK and installs the pinned pnpm', () => {
  assert.match(RUNTIME, /^USER node$/m);
  assert.ok(RUNTIME.indexOf('USER node') < RUNTIME.indexOf('CMD ['), 'USER before CMD');
  assert.match(RUNTIME, /HEALTHCHECK[\s\S]*\/readyz/);
  const pinned = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).packageManager;
  assert.equal(`pnpm@${/^ARG PNPM_VERSION=(\S+)$/m.exec(DOCKERFILE)?.[1]}`, pinned, 'PNPM_VERSION is package.json packageManager');
  assert.match(DOCKERFILE, /npm install -g pnpm@\$\{PNPM_VERSION\}/);
  // The build context leaves out local installs and builds (made in the image from the lockfile and sources).
  const ignored = readFileSync(join(ROOT, '.dockerignore'), 'utf8').split('\n');
  for (const p of ['**/node_modules', '**/dist', '**/.turbo', '**/test-results', '.git'])
    assert.ok(ignored.includes(p), `.dockerignore: ${p}`);
});

test(
  'pruned tree → install → build → deploy → the runtime stage: migrates, publishes, serves every route and a photo',
  // An install and two builds in a fresh tree, then a server: about 15 minutes on a busy two-core machine.
  { timeout: 1_800_000 },
  async () => {
    // The prune command and its package list, exactly as the Dockerfile has them.
    const prune = /pnpm dlx turbo@[\d.]+ (prune [\s\S]*?--out-dir \/out)/.exec(DOCKERFILE);
    assert.ok(prune, 'the Dockerfile prunes with turbo');
    const args = prune[1]
      .replace(/\\\n/g, ' ')
      .split(/\s+/)
      .filter(Boolean)
      .map((a) => (a === '/out' ? join(tmp, 'out') : a));
    run('pnpm', ['exec', 'turbo', ...args], ROOT);
    const extra = readFileSync(join(ROOT, 'deploy/prune-extra-files.txt'), 'utf8')
      .split('\n')
      .filter((l) => l.trim() && !l.startsWith('#'));
    for (const f of extra) cpSync(join(ROOT, f), join(tmp, 'out/full', f));

    // The build stage: json/ and the lockfile, install, then full/ and the builds the runtime needs.
    const build = join(tmp, 'build');
    cpSync(join(tmp, 'out/json'), build, { recursive: true });
    cpSync(join(tmp, 'out/pnpm-lock.yaml'), join(build, 'pnpm-lock.yaml'));
    run('pnpm', ['install', '--frozen-lockfile', '--prefer-offline'], build);
    cpSync(join(tmp, 'out/full'), build, { recursive: true });
    run(
      'pnpm',
      ['exec', 'turbo', 'run', 'build', '--filter=@lendview/api', '--filter=@lendview/shell', '--output-logs=errors-only'],
      build,
    );
    const deployed = join(tmp, 'deploy/api');
    run('pnpm', ['--filter', '@lendview/api', 'deploy', '--prod', '--legacy', deployed], build);

    // The runtime stage, copy by copy as the Dockerfile lists them. The build stage's paths are the pruned tree
    // (/app) and the API's deploy (/deploy). The remotes' dist/ folders are this checkout's builds of the same
    // sources (`turbo run build`, as the image's build stage runs it): building six remotes again here would take
    // minutes on a shared machine; the API and the shell are built in the pruned tree above. On a fresh clone
    // (CI) they are built here, through turbo, so the e2e layer's build afterwards is cache hits.
    const app = join(tmp, 'runtime');
    const copies = runtimeCopies();
    assert.ok(copies.length > 0, 'the runtime stage copies from the build stage');
    const checkoutBuilds = copies
      .map(({ from }) => /^\/app\/(apps\/[\w-]+)\/dist$/.exec(from)?.[1])
      .filter((dir) => dir && !existsSync(join(build, dir, 'dist')));
    if (checkoutBuilds.length) {
      run(
        'pnpm',
        ['exec', 'turbo', 'run', 'build', ...checkoutBuilds.map((dir) => `--filter=./${dir}`), '--output-logs=errors-only'],
        ROOT,
      );
    }
    for (const { from, to } of copies) {
      assert.ok(to.startsWith('/app/'), `${to} is under the runtime's WORKDIR /app`);
      let source;
      if (from === '/deploy/api') source = deployed;
      else if (from.startsWith('/app/')) {
        const rel = from.slice('/app/'.length);
        source = existsSync(join(build, rel)) ? join(build, rel) : join(ROOT, rel);
        assert.ok(existsSync(join(build, rel)) || /^apps\/[\w-]+\/dist$/.test(rel), `${from} is made by the build stage`);
      } else assert.fail(`a runtime COPY from ${from}, which this test does not know`);
      assert.ok(existsSync(source), `${from} exists (${source})`);
      mkdirSync(dirname(join(app, to.slice('/app/'.length))), { recursive: true });
      cpSync(source, join(app, to.slice('/app/'.length)), { recursive: true });
    }
    // Only what runs: no sources or tests of any workspace package in the image.
    for (const dir of readdirSync(join(app, 'apps'))) {
      for (const banned of ['src', 'test'])
        assert.ok(!existsSync(join(app, 'apps', dir, banned)), `apps/${dir}/${banned} is not in the image`);
    }

    // The image's first start, with compose.yaml's settings (docs/deploy.md): production (the Dockerfile's own ENV)
    // as staging, an S3 store, migrations as their own step; the embedded database instead of PostgreSQL.
    const S3rver = apiRequire('s3rver');
    const s3dir = join(tmp, 's3');
    const s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3dir, configureBuckets: [{ name: 'lendview' }] });
    const { port: s3Port } = await s3.run();
    const image = runtimeEnv();
    // The server's render folders (lendview-ssr-*) go in this test's folder: it is killed, so it never removes them.
    const osTmp = join(tmp, 'os-tmp');
    mkdirSync(osTmp);
    const env = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      TMPDIR: osTmp,
      ...image,
      HOST: '127.0.0.1',
      SHELL_DIR: join(app, image.SHELL_DIR.slice('/app/'.length)),
      DATA_DIR: join(tmp, 'data'),
      LENDVIEW_MODE: 'production',
      LENDVIEW_STAGING: '1',
      MIGRATE_ON_START: '0',
      STORAGE: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      S3_REGION: 'us-east-1',
      S3_BUCKET: 'lendview',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: '1',
      PAYMENT_WEBHOOK_SECRET: randomBytes(24).toString('hex'),
      CARD_FINGERPRINT_SECRET: randomBytes(24).toString('hex'),
      SMS_CODE_SECRET: randomBytes(24).toString('hex'),
      OPS_TOTP_KEY: randomBytes(24).toString('hex'),
      GRIEVANCE_OFFICER_NAME: 'Container Test Officer',
      GRIEVANCE_OFFICER_PHONE: '+62 21 555 0100',
      GRIEVANCE_OFFICER_EMAIL: 'grievance@container-test.lendview.co.id',
      GRIEVANCE_OFFICER_ADDRESS: 'Jl. Test 1, Jakarta',
      READY_MIN_FREE_MB: '1',
      // Every page server-rendered however busy the machine: the test reads the remote's markup (over the
      // default budget a page goes out client-rendered, which is not what is checked here).
      SSR_BUDGET_MS: '10000',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    };
    let server;
    try {
      // compose.yaml's migrate service: migrations, then the first publish of the image's builds.
      assert.match(await runAsync(['apps/api/dist/migrate.mjs'], app, env), /Applied \d+/);
      const table = routeTable();
      const owners = [...new Set(table.map((r) => r.app))];
      // "publish: complaint-chatbot@0.1.0, ..., shell@0.1.0 -> ...": every app (the image once published none).
      const published = await runAsync(['apps/api/dist/releases.mjs', 'publish-local'], app, env);
      for (const owner of [...owners, 'shell']) assert.match(published, new RegExp(`[ ,]${owner}@`), `publish-local published ${owner}`);

      // A borrower with a session, as a login leaves them (the image has no demo data).
      const { PGlite } = apiRequire('@electric-sql/pglite');
      const db = new PGlite({ dataDir: join(env.DATA_DIR, 'pglite') });
      const tok = randomBytes(32).toString('base64url');
      const [{ id }] = (await db.query(`INSERT INTO borrowers (phone) VALUES ('13800000036') RETURNING id`)).rows;
      await db.query(`INSERT INTO sessions (token_hash, borrower_id, expires_at) VALUES ($1, $2, now() + interval '1 day')`, [
        createHash('sha256').update(`session:${tok}`).digest('hex'),
        id,
      ]);
      await db.close();

      const port = await freePort();
      let log = '';
      server = spawn(process.execPath, ['apps/api/dist/server.mjs'], { cwd: app, env: { ...env, PORT: String(port) } });
      server.stdout.on('data', (c) => (log += c));
      server.stderr.on('data', (c) => (log += c));
      const healthcheck = JSON.parse(/HEALTHCHECK[\s\S]*?CMD (\[.*\])/.exec(DOCKERFILE)[1]);
      let code = 1;
      for (let i = 0; i < 120 && code !== 0 && server.exitCode === null; i++) {
        await new Promise((r) => setTimeout(r, 500));
        code = await new Promise((done) =>
          spawn(healthcheck[0] === 'node' ? process.execPath : healthcheck[0], healthcheck.slice(1), {
            env: { ...env, PORT: String(port) },
          }).on('close', done),
        );
      }
      assert.equal(code, 0, `the HEALTHCHECK command answers 0 once the server is ready:\n${log}`);
      const base = `http://127.0.0.1:${port}`;

      // Every remote is live, with its routes.
      const manifest = await (await fetch(`${base}/remotes.json`)).json();
      assert.deepEqual(manifest.remotes.map((r) => r.app).sort(), [...owners].sort(), '/remotes.json names every remote');

      // Every route of the route table: 200, and the owning remote's page. A remote with a server entry renders its
      // markup into #root (lv-ssr) and the page loads that remote's own build to hydrate; one without (the ops
      // console) is the shell's page, which loads the remote that /remotes.json names for the route.
      const wrong = [];
      for (const { route, app: owner } of table) {
        const res = await fetch(`${base}${route}?tok=${tok}`);
        const html = await res.text();
        const remote = manifest.remotes.find((r) => r.app === owner);
        const serverRendered = existsSync(join(app, 'apps', owner, 'dist/server/entry.mjs'));
        const problems = [];
        if (res.status !== 200) problems.push(`status ${res.status}`);
        if (!remote?.routes?.includes(route)) problems.push(`/remotes.json does not give it to ${owner}`);
        if (serverRendered) {
          if (!html.includes('id="lv-ssr"') || !/<div id="root" inert>\s*<[a-z]/.test(html)) problems.push('not server-rendered');
          if (!html.includes(`/remotes/${owner}/${remote?.version}/`)) problems.push(`no file of ${owner} ${remote?.version}`);
        } else if (!html.includes('<div id="root"></div>')) problems.push("not the shell's page");
        if (problems.length) wrong.push(`${route} (${owner}): ${problems.join(', ')}`);
      }
      assert.deepEqual(wrong, [], 'every route of the route table is its remote page');

      // A complaint photo into the S3 store, read back by its owner.
      const form = new globalThis.FormData();
      form.append('problemImage', new Blob([png(64, 48)], { type: 'image/png' }), 'receipt.png');
      const upload = await (await fetch(`${base}/user-problem/upload-problem-img?tok=${tok}`, { method: 'POST', body: form })).json();
      assert.equal(upload.code, '00', JSON.stringify(upload));
      const photoUrl = upload.data.url.includes('tok=')
        ? upload.data.url
        : `${upload.data.url}${upload.data.url.includes('?') ? '&' : '?'}tok=${tok}`;
      const photo = await fetch(new URL(photoUrl, base));
      assert.equal(photo.status, 200);
      assert.match(photo.headers.get('content-type') ?? '', /^image\//);
      const stored = readdirSync(join(s3dir, 'lendview'), { recursive: true }).map(String);
      assert.ok(
        stored.some((p) => p.startsWith('uploads/')),
        `the photo is in the bucket, not on this machine: ${stored.filter((p) => !p.startsWith('releases')).join(', ')}`,
      );
      assert.ok(!existsSync(join(env.DATA_DIR, 'complaint-images')), 'no photo folder on the instance');
    } finally {
      server?.kill('SIGKILL');
      await s3.close();
    }
  },
);
