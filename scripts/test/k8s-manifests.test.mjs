// The Kubernetes manifests (deploy/k8s, issue 36 item 2; docs/deploy.md "Kubernetes"), validated without a cluster:
// every object against the Kubernetes schemas (kubernetes-models), then what the schemas cannot know: every
// setting apps/api/src/env.ts reads is provided (ConfigMap, Secret, image) or left out for a stated reason, the
// environment they make is one the server accepts (env.ts's own loadEnv), the probes are the server's routes on its
// port, the termination grace covers preStop + drain + grace + the shutdown's own limit, the pods run as the
// image's user, the migrate Job runs a file of the runtime image's layout, selectors match, and the PDB and HPA
// target the Deployment. Each check is also run on a broken copy to show that it fails.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { parseAllDocuments } from 'yaml';
import { ROOT } from '../remotes.mjs';

const K8S = join(ROOT, 'deploy/k8s');
/** Not applied by `kubectl apply -k`: the operator creates the Secrets from it (its values are placeholders). */
const SECRET_TEMPLATE = 'secret.example.yaml';
const PLACEHOLDER = 'SET-ME';

/**
 * Variables of env.ts that the manifests leave unset on purpose, and why. A new variable in env.ts fails the test
 * until it is provided or listed here.
 */
const NOT_PROVIDED = {
  DATA_DIR: 'PGlite and STORAGE=folder only: the instances use PostgreSQL and the bucket',
  RELEASES_DIR: 'STORAGE=folder and the old-layout import only: releases are in the bucket',
  READY_MIN_FREE_MB: "PGlite only: /readyz skips the disk check on PostgreSQL, whose disk is the database server's",
  DEMO_MODE: 'demo mode is refused in production',
  LENDVIEW_DEMO_ALLOW_REMOTE: 'demo mode only',
  LENDVIEW_TEST_ROUTES: 'test-only routes, refused in production',
};
/** Read outside env.ts (its own module validates it at start), provided by the Secret. */
const OTHER_SETTINGS = { METRICS_TOKEN: 'apps/api/src/telemetry/index.ts' };
/** The node images' `node` user (docker-library/node creates it with uid and gid 1000). */
const IMAGE_USERS = { node: 1000 };

/** Plausible values for the placeholders, to check that a filled-in copy is an environment the server accepts. */
const FILLED = {
  DATABASE_URL: 'postgres://lendview_app:app-password@db.internal:5432/lendview',
  PAYMENT_WEBHOOK_SECRET: 'a'.repeat(64),
  CARD_FINGERPRINT_SECRET: 'b'.repeat(64),
  SMS_CODE_SECRET: 'c'.repeat(64),
  OPS_TOTP_KEY: 'd'.repeat(64),
  S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
  S3_SECRET_ACCESS_KEY: 'e'.repeat(40),
  METRICS_TOKEN: 'f'.repeat(64),
  S3_REGION: 'ap-southeast-3',
  S3_BUCKET: 'lendview-prod',
  GRIEVANCE_OFFICER_NAME: 'Siti Rahma',
  GRIEVANCE_OFFICER_PHONE: '+62 21 5555 0101',
  GRIEVANCE_OFFICER_EMAIL: 'grievance@lendview.co.id',
  GRIEVANCE_OFFICER_ADDRESS: 'Jl. Jenderal Sudirman 1, Jakarta',
};
const FILLED_OWNER_URL = 'postgres://lendview_owner:owner-password@db.internal:5432/lendview';

// --- Reading the manifests, the Dockerfile and the server ----------------------------------------------------

function readManifests() {
  const files = readdirSync(K8S).sort();
  const objects = [];
  for (const file of files) {
    assert.match(file, /\.yaml$/, `deploy/k8s holds YAML only, not ${file}`);
    for (const doc of parseAllDocuments(readFileSync(join(K8S, file), 'utf8'))) {
      assert.deepEqual(
        doc.errors.map((e) => e.message),
        [],
        `${file} is valid YAML`,
      );
      const obj = doc.toJS();
      if (obj !== null) objects.push({ file, obj });
    }
  }
  return { files, objects };
}

/** The runtime stage of deploy/Dockerfile: its ENV, WORKDIR, USER, CMD and what it copies where. */
function readDockerfile() {
  const text = readFileSync(join(ROOT, 'deploy/Dockerfile'), 'utf8');
  const runtime = text.slice(text.lastIndexOf(' AS runtime')).replace(/\\\n/g, ' ');
  const env = {};
  for (const [, line] of runtime.matchAll(/^ENV (.+)$/gm)) {
    for (const [, key, value] of line.matchAll(/([A-Z_][A-Z0-9_]*)=(\S+)/g)) env[key] = value;
  }
  const copies = [...runtime.matchAll(/^COPY .*?(\S+) (\S+)$/gm)].map(([, from, to]) => ({ from, to }));
  return {
    env,
    workdir: /^WORKDIR (\S+)$/m.exec(runtime)?.[1],
    user: /^USER (\S+)$/m.exec(runtime)?.[1],
    cmd: JSON.parse(/^CMD (\[.*\])$/m.exec(runtime)?.[1] ?? 'null'),
    copies,
  };
}

/** The API bundle's entry points (apps/api/build.mjs): dist/<name>.mjs each. */
function apiBundles() {
  const build = readFileSync(join(ROOT, 'apps/api/build.mjs'), 'utf8');
  const block = /entryPoints: \{([^}]*)\}/.exec(build)?.[1] ?? '';
  return [...block.matchAll(/^\s*(\w+):/gm)].map(([, name]) => `dist/${name}.mjs`);
}

/** The GET routes the health plugin registers (apps/api/src/routes/health, registered without a prefix). */
function healthRoutes() {
  const source = readFileSync(join(ROOT, 'apps/api/src/routes/health/index.ts'), 'utf8');
  return [...source.matchAll(/app\.get\('([^']+)'/g)].map(([, path]) => path);
}

/**
 * Runs env.ts (TypeScript, through the API's tsx) in a child process: its variable names and shutdown constants,
 * and loadEnv / loadDatabaseEnv on each given environment (accepted, or the problems it names).
 */
function server({ envs = [], databaseEnvs = [] } = {}) {
  const tsx = pathToFileURL(createRequire(join(ROOT, 'apps/api/package.json')).resolve('tsx')).href;
  const url = (path) => JSON.stringify(pathToFileURL(join(ROOT, 'apps/api/src', path)).href);
  const script = `
    const env = await import(${url('env.ts')});
    const { RESOURCES_CLOSE_MS } = await import(${url('shutdown.ts')});
    let input = '';
    for await (const chunk of process.stdin) input += chunk;
    const { envs, databaseEnvs } = JSON.parse(input);
    const attempt = (load) => {
      try {
        return { ok: true, value: load() };
      } catch (e) {
        return { ok: false, problems: e.problems ?? [e.message] };
      }
    };
    console.log(JSON.stringify({
      names: env.ENV_NAMES,
      productionDrainSeconds: env.PRODUCTION_DRAIN_SECONDS,
      defaultGraceSeconds: env.DEFAULT_GRACE_SECONDS,
      resourcesCloseSeconds: RESOURCES_CLOSE_MS / 1000,
      loaded: envs.map((source) => attempt(() => {
        const e = env.loadEnv(source);
        return { mode: e.mode, port: e.port, drainSeconds: e.drainSeconds, graceSeconds: e.graceSeconds,
          migrateOnStart: e.migrateOnStart, storage: e.storage.kind, database: e.databaseUrl !== undefined,
          rssMb: e.pressure.maxRssBytes / 1024 / 1024 };
      })),
      databases: databaseEnvs.map((source) => attempt(() => env.loadDatabaseEnv(source))),
    }));`;
  const r = spawnSync(process.execPath, ['--import', tsx, '--input-type=module', '--eval', script], {
    input: JSON.stringify({ envs, databaseEnvs }),
    encoding: 'utf8',
  });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout.trim().split('\n').at(-1));
}

// --- The checks: each returns the problems it finds, one sentence each ---------------------------------------

/** Every object against its Kubernetes schema (kubernetes-models: the OpenAPI definitions of the API server). */
async function schemaProblems(objects) {
  const problems = [];
  for (const { file, obj } of objects) {
    if (obj.kind === 'Kustomization') continue;
    const where = `${file}: ${obj.kind} ${obj.metadata?.name}`;
    const api = /^(?:([a-z0-9.-]+)\/)?(v\d+(?:(?:alpha|beta)\d+)?)$/.exec(obj.apiVersion ?? '');
    if (!api || !/^[A-Z][A-Za-z]+$/.test(obj.kind ?? '')) {
      problems.push(`${where}: apiVersion "${obj.apiVersion}" / kind "${obj.kind}" is not a Kubernetes type`);
      continue;
    }
    const [, group, version] = api;
    let Model;
    try {
      Model = (await import(`kubernetes-models/${group ? `${group}/` : ''}${version}/${obj.kind}`))[obj.kind];
    } catch {
      problems.push(`${where}: no Kubernetes schema for ${obj.apiVersion} ${obj.kind}`);
      continue;
    }
    try {
      new Model(obj).validate();
    } catch (e) {
      problems.push(`${where}: ${e.message}`);
    }
  }
  return problems;
}

const matches = (selector, labels) => Object.entries(selector ?? {}).every(([k, v]) => labels?.[k] === v);

/** The sleep a preStop hook makes before SIGTERM: the sleep action, or exec sleep N. */
function preStopSeconds(container) {
  const hook = container.lifecycle?.preStop;
  if (!hook) return 0;
  if (hook.sleep) return hook.sleep.seconds;
  const command = hook.exec?.command ?? [];
  return command[0] === 'sleep' ? Number(command[1]) : NaN;
}

function memoryMb(quantity) {
  const m = /^(\d+)(Mi|Gi)$/.exec(quantity ?? '');
  return m ? Number(m[1]) * (m[2] === 'Gi' ? 1024 : 1) : NaN;
}

/** What the schemas cannot see: the manifests against each other, env.ts, the server and the Dockerfile. */
function crossCheckProblems({ files, objects }, facts) {
  const problems = [];
  const all = objects.map((o) => o.obj);
  const one = (kind, name) => {
    const found = all.filter((o) => o.kind === kind && (name === undefined || o.metadata?.name === name));
    if (found.length !== 1) problems.push(`expected one ${kind}${name ? ` ${name}` : ''}, found ${found.length}`);
    return found[0];
  };
  const kustomization = one('Kustomization');
  const namespace = one('Namespace');
  const config = one('ConfigMap');
  const secret = one('Secret', 'lendview-secrets');
  const migrateSecret = one('Secret', 'lendview-migrate');
  const deployment = one('Deployment');
  const service = one('Service');
  const ingress = one('Ingress');
  const job = one('Job');
  const pdb = one('PodDisruptionBudget');
  const hpa = one('HorizontalPodAutoscaler');
  if (problems.length > 0) return problems;

  // kustomization.yaml applies every manifest but the Secret template (its placeholders would overwrite the Secrets).
  const resources = kustomization.resources ?? [];
  for (const file of files.filter((f) => f !== 'kustomization.yaml' && f !== SECRET_TEMPLATE)) {
    if (!resources.includes(file)) problems.push(`kustomization.yaml does not list ${file}`);
  }
  for (const file of resources) if (!files.includes(file)) problems.push(`kustomization.yaml lists ${file}, which does not exist`);
  if (resources.includes(SECRET_TEMPLATE))
    problems.push(`kustomization.yaml applies ${SECRET_TEMPLATE}: its placeholders would replace the Secrets`);
  for (const { file, obj } of objects.filter((o) => o.obj.kind === 'Secret')) {
    if (file !== SECRET_TEMPLATE)
      problems.push(`Secret ${obj.metadata.name} is in ${file}: Secrets are created by hand from ${SECRET_TEMPLATE}`);
    for (const [key, value] of Object.entries({ ...obj.data, ...obj.stringData })) {
      if (!String(value).includes(PLACEHOLDER))
        problems.push(`Secret ${obj.metadata.name} ${key} holds a value, not a ${PLACEHOLDER} placeholder`);
    }
  }
  for (const obj of all.filter((o) => !['Kustomization', 'Namespace'].includes(o.kind))) {
    if (obj.metadata?.namespace !== namespace.metadata.name) {
      problems.push(`${obj.kind} ${obj.metadata?.name} is not in the namespace ${namespace.metadata.name}`);
    }
  }

  // One image for the migrate Job and the Deployment, named by kustomization.yaml's images.
  const pod = deployment.spec.template.spec;
  const jobPod = job.spec.template.spec;
  const api = pod.containers?.[0] ?? {};
  const migrate = jobPod.containers?.[0] ?? {};
  const images = (kustomization.images ?? []).map((i) => i.name);
  for (const [what, c] of [
    ['the Deployment', api],
    ['the migrate Job', migrate],
  ]) {
    if (!images.includes(c.image))
      problems.push(`${what}'s image "${c.image}" is not set by kustomization.yaml's images (${images.join(', ')})`);
  }
  if (api.image !== migrate.image)
    problems.push(`the migrate Job runs ${migrate.image}, the Deployment ${api.image}: migrate with the release's image`);

  // Selectors and labels.
  const podLabels = deployment.spec.template.metadata?.labels;
  const jobLabels = job.spec.template.metadata?.labels;
  const selector = deployment.spec.selector?.matchLabels;
  if (!selector || !matches(selector, podLabels)) problems.push("the Deployment's selector does not match its pods' labels");
  if (!matches(service.spec.selector, podLabels)) problems.push("the Service's selector does not match the Deployment's pods");
  if (matches(service.spec.selector, jobLabels)) problems.push("the Service's selector also matches the migrate Job's pod");
  if (!matches(pdb.spec.selector?.matchLabels, podLabels))
    problems.push("the PodDisruptionBudget's selector does not match the Deployment's pods");
  if (matches(pdb.spec.selector?.matchLabels, jobLabels))
    problems.push("the PodDisruptionBudget's selector also matches the migrate Job's pod");
  for (const spread of pod.topologySpreadConstraints ?? []) {
    if (!matches(spread.labelSelector?.matchLabels, podLabels))
      problems.push("a topologySpreadConstraint does not select the Deployment's pods");
  }

  // The HPA scales the Deployment by CPU, which needs a CPU request; the PDB lets one of its minimum go.
  const target = hpa.spec.scaleTargetRef;
  if (target.kind !== 'Deployment' || target.apiVersion !== 'apps/v1' || target.name !== deployment.metadata.name) {
    problems.push(
      `the HorizontalPodAutoscaler targets ${target.apiVersion} ${target.kind} ${target.name}, not the Deployment ${deployment.metadata.name}`,
    );
  }
  if (hpa.apiVersion !== 'autoscaling/v2') problems.push(`the HorizontalPodAutoscaler is ${hpa.apiVersion}, not autoscaling/v2`);
  if (!(hpa.spec.metrics ?? []).some((m) => m.type === 'Resource' && m.resource?.name === 'cpu'))
    problems.push('the HorizontalPodAutoscaler does not scale on CPU');
  if (!api.resources?.requests?.cpu) problems.push('the server container has no CPU request: the HPA cannot compute its utilisation');
  if (deployment.spec.replicas !== undefined)
    problems.push('the Deployment sets replicas: every apply would reset what the HorizontalPodAutoscaler scaled');
  const minReplicas = hpa.spec.minReplicas ?? 1;
  if (minReplicas < 2)
    problems.push(`the HorizontalPodAutoscaler's minReplicas is ${minReplicas}: one instance cannot be replaced without a gap`);
  const { minAvailable, maxUnavailable } = pdb.spec;
  const evictable = maxUnavailable !== undefined ? Number(maxUnavailable) : minReplicas - Number(minAvailable);
  if (!(evictable >= 1 && evictable < minReplicas)) {
    problems.push(
      `the PodDisruptionBudget lets ${evictable} of ${minReplicas} instances go: a drain must be able to evict one and keep one`,
    );
  }

  // The Service, the Ingress and the probes reach the port the server listens on.
  const port = Number(config.data?.PORT ?? facts.dockerfile.env.PORT ?? 8080);
  const named = new Map((api.ports ?? []).map((p) => [p.name, p.containerPort]));
  const resolvePort = (p) => (typeof p === 'number' ? p : named.get(p));
  if (![...named.values()].includes(port)) problems.push(`the server container does not expose port ${port} (PORT)`);
  for (const p of service.spec.ports ?? []) {
    if (resolvePort(p.targetPort) !== port)
      problems.push(`the Service's port ${p.name} targets ${p.targetPort}, not the server's port ${port}`);
  }
  for (const rule of ingress.spec.rules ?? []) {
    for (const path of rule.http?.paths ?? []) {
      const backend = path.backend?.service;
      if (backend?.name !== service.metadata.name)
        problems.push(`the Ingress sends ${rule.host}${path.path} to ${backend?.name}, not the Service`);
      else if (
        !(service.spec.ports ?? []).some((p) => (backend.port?.name ? p.name === backend.port.name : p.port === backend.port?.number))
      ) {
        problems.push(`the Ingress's backend port ${JSON.stringify(backend.port)} is not a port of the Service`);
      }
    }
    if (!(ingress.spec.tls ?? []).some((t) => (t.hosts ?? []).includes(rule.host)))
      problems.push(`the Ingress serves ${rule.host} without TLS`);
  }
  const probes = { readinessProbe: '/readyz', livenessProbe: '/healthz', startupProbe: '/healthz' };
  for (const [probe, path] of Object.entries(probes)) {
    const get = api[probe]?.httpGet;
    if (!get) problems.push(`the server container has no ${probe}`);
    else {
      if (get.path !== path) problems.push(`${probe} asks ${get.path}, not ${path}`);
      if (!facts.routes.includes(get.path))
        problems.push(`${probe} asks ${get.path}, which the server does not answer (routes/health: ${facts.routes.join(', ')})`);
      if (resolvePort(get.port) !== port) problems.push(`${probe} asks port ${get.port}, not the server's port ${port}`);
    }
  }

  // Shutdown: the kill comes terminationGracePeriodSeconds after preStop starts.
  const drain = Number(config.data?.DRAIN_SECONDS ?? facts.productionDrainSeconds);
  const grace = Number(config.data?.SHUTDOWN_GRACE_SECONDS ?? facts.defaultGraceSeconds);
  const preStop = preStopSeconds(api);
  const needed = preStop + drain + grace + facts.resourcesCloseSeconds;
  const period = pod.terminationGracePeriodSeconds ?? 30;
  if (!(period > needed)) {
    problems.push(
      `terminationGracePeriodSeconds ${period} is not above preStop ${preStop} + drain ${drain} + grace ${grace} + close ${facts.resourcesCloseSeconds} = ${needed} s`,
    );
  }
  if (!(preStop > 0)) problems.push('the server container has no preStop sleep');
  const readiness = api.readinessProbe ?? {};
  const notice = (readiness.periodSeconds ?? 10) * (readiness.failureThreshold ?? 3);
  if (!(notice < drain)) problems.push(`readiness notices the drain after up to ${notice} s, not within DRAIN_SECONDS ${drain}`);
  const strategy = deployment.spec.strategy?.rollingUpdate;
  if (deployment.spec.strategy?.type !== 'RollingUpdate' || String(strategy?.maxUnavailable) !== '0') {
    problems.push('the rollout may take an instance away before its replacement is ready (maxUnavailable is not 0)');
  }

  // Both pods run as the image's user, unprivileged, on a read-only root with /tmp writable (SSR's server files).
  const uid = IMAGE_USERS[facts.dockerfile.user];
  if (uid === undefined) problems.push(`the Dockerfile's runtime USER is ${facts.dockerfile.user}, whose uid this test does not know`);
  for (const [what, spec, c] of [
    ['the Deployment', pod, api],
    ['the migrate Job', jobPod, migrate],
  ]) {
    const ctx = { ...spec.securityContext, ...c.securityContext };
    if (ctx.runAsNonRoot !== true) problems.push(`${what} does not require a non-root user`);
    if (ctx.runAsUser !== uid) problems.push(`${what} runs as uid ${ctx.runAsUser}, not the image's ${facts.dockerfile.user} (${uid})`);
    if (ctx.allowPrivilegeEscalation !== false) problems.push(`${what} allows privilege escalation`);
    if (!(ctx.capabilities?.drop ?? []).includes('ALL')) problems.push(`${what} keeps Linux capabilities`);
    if (ctx.readOnlyRootFilesystem !== true) problems.push(`${what}'s root file system is writable`);
  }
  const tmp = (api.volumeMounts ?? []).find((m) => m.mountPath === '/tmp');
  if (!tmp || !(pod.volumes ?? []).some((v) => v.name === tmp.name && v.emptyDir)) {
    problems.push('the server has no writable /tmp (an emptyDir): server rendering copies its files there');
  }
  if (pod.enableServiceLinks !== false)
    problems.push('the Deployment lets Kubernetes add the Services as LENDVIEW_* variables to its environment');

  // The commands are files of the runtime image: the Deployment keeps the image's CMD, the Job runs a bundle of the API.
  if (api.command !== undefined && JSON.stringify(api.command) !== JSON.stringify(facts.dockerfile.cmd)) {
    problems.push(`the Deployment runs ${api.command.join(' ')}, not the image's CMD`);
  }
  for (const [what, command] of [
    ["the image's CMD", facts.dockerfile.cmd],
    ["the migrate Job's command", migrate.command],
  ]) {
    const [bin, file, ...rest] = command ?? [];
    const absolute = file?.startsWith('/') ? file : `${facts.dockerfile.workdir}/${file}`;
    // The runtime stage copies `pnpm deploy`'s API (/deploy/api) to apps/api: its bundles are dist/<entry>.mjs.
    const apiCopy = facts.dockerfile.copies.find((c) => c.from === '/deploy/api');
    const inApi = apiCopy && absolute.startsWith(`${apiCopy.to}/`) ? absolute.slice(apiCopy.to.length + 1) : undefined;
    if (bin !== 'node' || rest.length > 0 || !inApi || !facts.bundles.includes(inApi)) {
      problems.push(
        `${what} (${(command ?? []).join(' ')}) is not node and a bundle the runtime image has (${facts.bundles.map((b) => `${apiCopy?.to}/${b}`).join(', ')})`,
      );
    }
  }
  if (!String(migrate.command?.[1]).endsWith('/migrate.mjs'))
    problems.push(`the migrate Job runs ${migrate.command?.join(' ')}, not migrate.mjs`);
  if (jobPod.restartPolicy !== 'Never' || job.spec.backoffLimit !== 0)
    problems.push('the migrate Job retries: a failed migration fails the same way again');

  // Who gets which secret: the owner's connection goes to the Job only, the instances' secrets to the Deployment only.
  const secretsOf = (c) => [
    ...(c.envFrom ?? []).filter((e) => e.secretRef).map((e) => e.secretRef.name),
    ...(c.env ?? []).filter((e) => e.valueFrom?.secretKeyRef).map((e) => e.valueFrom.secretKeyRef.name),
  ];
  if (secretsOf(api).includes(migrateSecret.metadata.name)) problems.push("the Deployment reads the schema owner's Secret");
  if (!secretsOf(api).includes(secret.metadata.name)) problems.push(`the Deployment does not read the Secret ${secret.metadata.name}`);
  if (secretsOf(migrate).join() !== migrateSecret.metadata.name)
    problems.push(`the migrate Job reads ${secretsOf(migrate).join(', ') || 'no Secret'}, not only ${migrateSecret.metadata.name}`);
  if (!Object.keys(migrateSecret.stringData ?? {}).includes('DATABASE_URL'))
    problems.push(`${migrateSecret.metadata.name} has no DATABASE_URL`);
  const appRole = (migrate.env ?? []).find((e) => e.name === 'DATABASE_APP_ROLE')?.valueFrom?.configMapKeyRef;
  if (appRole?.name !== config.metadata.name || config.data?.[appRole.key] === undefined) {
    problems.push("the migrate Job does not take DATABASE_APP_ROLE from the ConfigMap: the instances' role would get no rows");
  }
  if (!(api.envFrom ?? []).some((e) => e.configMapRef?.name === config.metadata.name))
    problems.push('the Deployment does not read the ConfigMap');

  // Every variable env.ts reads is provided (ConfigMap, Secret or the image's ENV) or left out for a reason above.
  const configKeys = Object.keys(config.data ?? {});
  const secretKeys = Object.keys(secret.stringData ?? {});
  const provided = new Set([...configKeys, ...secretKeys, ...Object.keys(facts.dockerfile.env)]);
  for (const name of facts.names) {
    if (!provided.has(name) && !(name in NOT_PROVIDED))
      problems.push(`${name} (env.ts) is neither in the ConfigMap, the Secret nor the image, nor listed as not provided`);
  }
  for (const name of Object.keys(NOT_PROVIDED)) {
    if (!facts.names.includes(name)) problems.push(`${name} is listed as not provided, but env.ts does not read it`);
    else if (provided.has(name)) problems.push(`${name} is listed as not provided, but the manifests set it`);
  }
  for (const name of [...configKeys, ...secretKeys]) {
    if (!facts.names.includes(name) && !(name in OTHER_SETTINGS)) problems.push(`${name} is set but the server reads no such variable`);
  }
  for (const name of configKeys.filter((k) => secretKeys.includes(k))) problems.push(`${name} is in both the ConfigMap and the Secret`);

  // Sizes that must agree: load shedding below the memory limit, every pool within PostgreSQL's connections.
  const limitMb = memoryMb(api.resources?.limits?.memory);
  const rssMb = Number(config.data?.PRESSURE_MAX_RSS_MB ?? 0);
  if (!(rssMb > 0 && rssMb < limitMb))
    problems.push(`PRESSURE_MAX_RSS_MB ${rssMb} does not shed load below the memory limit (${limitMb} MB)`);
  const connections = hpa.spec.maxReplicas * Number(config.data?.DB_POOL_MAX ?? 10) + 4;
  if (connections > 97) problems.push(`maxReplicas x DB_POOL_MAX + 4 = ${connections} connections: above PostgreSQL's default 97 usable`);
  return problems;
}

/** The environments the manifests give: the server's (image ENV + ConfigMap + Secret) and the migrate Job's. */
function environments({ objects }, dockerfile, fill) {
  const get = (kind, name) => objects.find((o) => o.obj.kind === kind && o.obj.metadata?.name === name)?.obj;
  const config = get('ConfigMap', 'lendview-config')?.data ?? {};
  const filled = (data) =>
    Object.fromEntries(Object.entries(data).map(([k, v]) => [k, fill && String(v).includes(PLACEHOLDER) ? FILLED[k] : v]));
  const serverEnv = { ...dockerfile.env, ...filled(config), ...filled(get('Secret', 'lendview-secrets')?.stringData ?? {}) };
  const owner = get('Secret', 'lendview-migrate')?.stringData ?? {};
  const migrateEnv = { DATABASE_URL: fill ? FILLED_OWNER_URL : owner.DATABASE_URL, DATABASE_APP_ROLE: config.DATABASE_APP_ROLE };
  return { serverEnv, migrateEnv };
}

// --- The tests ---------------------------------------------------------------------------------------------

const manifests = readManifests();
const dockerfile = readDockerfile();
const filled = environments(manifests, dockerfile, true);
const asCommitted = environments(manifests, dockerfile, false);
const bucketLeft = { ...filled.serverEnv, S3_BUCKET: asCommitted.serverEnv.S3_BUCKET };
const run = server({ envs: [filled.serverEnv, asCommitted.serverEnv, bucketLeft], databaseEnvs: [filled.migrateEnv] });
const facts = { ...run, dockerfile, bundles: apiBundles(), routes: healthRoutes() };
const copy = () => JSON.parse(JSON.stringify(manifests));
const find = (m, kind) => m.objects.find((o) => o.obj.kind === kind).obj;

test('every manifest is a valid Kubernetes object (kubernetes-models schemas)', async () => {
  const kinds = manifests.objects.map((o) => o.obj.kind).sort();
  assert.deepEqual(kinds, [
    'ConfigMap',
    'Deployment',
    'HorizontalPodAutoscaler',
    'Ingress',
    'Job',
    'Kustomization',
    'Namespace',
    'PodDisruptionBudget',
    'Secret',
    'Secret',
    'Service',
  ]);
  assert.deepEqual(await schemaProblems(manifests.objects), []);
});

test('a schema violation is found: a named port where a number belongs, a wrong apiVersion, an unknown kind', async () => {
  const broken = copy();
  find(broken, 'Deployment').spec.template.spec.containers[0].ports[0].containerPort = 'http';
  find(broken, 'HorizontalPodAutoscaler').spec.maxReplicas = '8';
  find(broken, 'PodDisruptionBudget').apiVersion = 'policy/v2';
  find(broken, 'Service').kind = 'Servce';
  const problems = await schemaProblems(broken.objects);
  assert.deepEqual(
    problems.map((p) => p.replace(/: data.*|: no Kubernetes.*/, '')),
    [
      'deployment.yaml: Deployment lendview',
      'hpa.yaml: HorizontalPodAutoscaler lendview',
      'pdb.yaml: PodDisruptionBudget lendview',
      'service.yaml: Servce lendview',
    ],
  );
  assert.match(problems[0], /containerPort must be integer/);
  assert.match(problems[2], /no Kubernetes schema for policy\/v2 PodDisruptionBudget/);
});

test('the manifests agree with each other, env.ts, the server and the Dockerfile', () => {
  assert.ok(facts.names.length > 40, 'env.ts lists its variables (ENV_NAMES)');
  assert.deepEqual(facts.routes.filter((r) => r === '/healthz' || r === '/readyz').sort(), ['/healthz', '/readyz']);
  assert.deepEqual(facts.bundles, ['dist/server.mjs', 'dist/migrate.mjs', 'dist/releases.mjs']);
  assert.deepEqual(crossCheckProblems(manifests, facts), []);
});

test('the filled-in environment is one the server starts with in production; as committed it is refused', () => {
  const [server, committed, bucket] = run.loaded;
  assert.deepEqual(server, {
    ok: true,
    value: {
      mode: 'production',
      port: 8080,
      drainSeconds: 10,
      graceSeconds: 20,
      migrateOnStart: false,
      storage: 's3',
      database: true,
      rssMb: 920,
    },
  });
  // The grace arithmetic above used the same drain and grace as the server does.
  const config = find(manifests, 'ConfigMap').data;
  assert.equal(Number(config.DRAIN_SECONDS ?? run.productionDrainSeconds), server.value.drainSeconds);
  assert.equal(Number(config.SHUTDOWN_GRACE_SECONDS ?? run.defaultGraceSeconds), server.value.graceSeconds);
  // Unfilled, the server refuses to start and names the placeholders (the secrets' placeholders are too short);
  // S3_BUCKET is refused on its own too (a placeholder is no bucket name).
  assert.equal(committed.ok, false);
  const refused = committed.problems.join('\n');
  for (const name of ['GRIEVANCE_OFFICER_EMAIL', 'PAYMENT_WEBHOOK_SECRET', 'CARD_FINGERPRINT_SECRET', 'SMS_CODE_SECRET', 'OPS_TOTP_KEY']) {
    assert.match(refused, new RegExp(name));
  }
  assert.deepEqual(bucket, { ok: false, problems: ['S3_BUCKET "SET-ME" is not a bucket name (3-63 of a-z, 0-9, "." and "-").'] });
  // The migrate Job's environment: the owner's URL and the instances' role.
  assert.deepEqual(
    run.databases.map((d) => d.ok && d.value.appRole),
    ['lendview_app'],
  );
});

test('a broken manifest fails the cross-checks, each with its own sentence', () => {
  const cases = [
    [
      'grace period too short',
      (m) => (find(m, 'Deployment').spec.template.spec.terminationGracePeriodSeconds = 40),
      /terminationGracePeriodSeconds 40 is not above preStop 5 \+ drain 10 \+ grace 20 \+ close 10 = 45 s/,
    ],
    ['a longer drain', (m) => (find(m, 'ConfigMap').data.DRAIN_SECONDS = '30'), /terminationGracePeriodSeconds 50 is not above .* = 65 s/],
    ['no preStop', (m) => delete find(m, 'Deployment').spec.template.spec.containers[0].lifecycle, /no preStop sleep/],
    [
      'readiness on /healthz',
      (m) => (find(m, 'Deployment').spec.template.spec.containers[0].readinessProbe.httpGet.path = '/healthz'),
      /readinessProbe asks \/healthz, not \/readyz/,
    ],
    [
      'a path the server does not answer',
      (m) => (find(m, 'Deployment').spec.template.spec.containers[0].livenessProbe.httpGet.path = '/health'),
      /livenessProbe asks \/health, which the server does not answer/,
    ],
    [
      'probe on another port',
      (m) => (find(m, 'Deployment').spec.template.spec.containers[0].startupProbe.httpGet.port = 3000),
      /startupProbe asks port 3000, not the server's port 8080/,
    ],
    ['the server on another port', (m) => (find(m, 'ConfigMap').data.PORT = '3000'), /does not expose port 3000/],
    [
      'root',
      (m) => (find(m, 'Job').spec.template.spec.securityContext.runAsUser = 0),
      /the migrate Job runs as uid 0, not the image's node \(1000\)/,
    ],
    [
      'a writable root',
      (m) => (find(m, 'Deployment').spec.template.spec.containers[0].securityContext.readOnlyRootFilesystem = false),
      /the Deployment's root file system is writable/,
    ],
    ['no /tmp', (m) => (find(m, 'Deployment').spec.template.spec.containers[0].volumeMounts = []), /no writable \/tmp/],
    [
      'pnpm in the runtime image',
      (m) => (find(m, 'Job').spec.template.spec.containers[0].command = ['pnpm', 'migrate']),
      /the migrate Job's command \(pnpm migrate\) is not node and a bundle/,
    ],
    [
      'a source file',
      (m) => (find(m, 'Job').spec.template.spec.containers[0].command = ['node', 'apps/api/src/cli/migrate.ts']),
      /is not node and a bundle the runtime image has/,
    ],
    [
      'another image',
      (m) => (find(m, 'Job').spec.template.spec.containers[0].image = 'lendview:old'),
      /the migrate Job runs lendview:old, the Deployment lendview/,
    ],
    [
      'selector and labels apart',
      (m) => (find(m, 'Deployment').spec.template.metadata.labels['app.kubernetes.io/component'] = 'api'),
      /the Deployment's selector does not match its pods' labels/,
    ],
    [
      'a Service for every lendview pod',
      (m) => delete find(m, 'Service').spec.selector['app.kubernetes.io/component'],
      /the Service's selector also matches the migrate Job's pod/,
    ],
    [
      'a PDB for other pods',
      (m) => (find(m, 'PodDisruptionBudget').spec.selector.matchLabels['app.kubernetes.io/name'] = 'other'),
      /PodDisruptionBudget's selector does not match/,
    ],
    ['a PDB that blocks drains', (m) => (find(m, 'PodDisruptionBudget').spec.maxUnavailable = 0), /lets 0 of 2 instances go/],
    [
      'an HPA for another Deployment',
      (m) => (find(m, 'HorizontalPodAutoscaler').spec.scaleTargetRef.name = 'api'),
      /targets apps\/v1 Deployment api, not the Deployment lendview/,
    ],
    ['replicas fight the HPA', (m) => (find(m, 'Deployment').spec.replicas = 2), /sets replicas/],
    ['no CPU request', (m) => delete find(m, 'Deployment').spec.template.spec.containers[0].resources.requests.cpu, /no CPU request/],
    [
      'a secret left out',
      (m) => delete find(m, 'Secret').stringData.SMS_CODE_SECRET,
      /SMS_CODE_SECRET \(env.ts\) is neither in the ConfigMap, the Secret nor the image/,
    ],
    [
      'a misspelt setting',
      (m) => (find(m, 'ConfigMap').data.DRAIN_SECOND = '10'),
      /DRAIN_SECOND is set but the server reads no such variable/,
    ],
    [
      'a real value in the template',
      (m) => (find(m, 'Secret').stringData.OPS_TOTP_KEY = 'f'.repeat(64)),
      /OPS_TOTP_KEY holds a value, not a SET-ME placeholder/,
    ],
    ['the template applied', (m) => find(m, 'Kustomization').resources.push('secret.example.yaml'), /applies secret.example.yaml/],
    [
      'a manifest not applied',
      (m) => find(m, 'Kustomization').resources.splice(find(m, 'Kustomization').resources.indexOf('pdb.yaml'), 1),
      /does not list pdb.yaml/,
    ],
    [
      'owner credentials in the instances',
      (m) => find(m, 'Deployment').spec.template.spec.containers[0].envFrom.push({ secretRef: { name: 'lendview-migrate' } }),
      /the Deployment reads the schema owner's Secret/,
    ],
    ['the Job without the app role', (m) => (find(m, 'Job').spec.template.spec.containers[0].env = []), /does not take DATABASE_APP_ROLE/],
    [
      'an Ingress to nowhere',
      (m) => (find(m, 'Ingress').spec.rules[0].http.paths[0].backend.service.port = { name: 'https' }),
      /backend port \{"name":"https"\} is not a port of the Service/,
    ],
    [
      'shedding above the limit',
      (m) => (find(m, 'ConfigMap').data.PRESSURE_MAX_RSS_MB = '2000'),
      /PRESSURE_MAX_RSS_MB 2000 does not shed load below the memory limit \(1024 MB\)/,
    ],
    ['too many connections', (m) => (find(m, 'HorizontalPodAutoscaler').spec.maxReplicas = 10), /= 104 connections/],
  ];
  for (const [name, breakIt, expected] of cases) {
    const broken = copy();
    breakIt(broken);
    const problems = crossCheckProblems(broken, facts);
    assert.ok(
      problems.some((p) => expected.test(p)),
      `${name}: expected ${expected}, got ${JSON.stringify(problems)}`,
    );
  }
});

test('a variable added to env.ts fails the test until the manifests provide it or say why not', () => {
  const problems = crossCheckProblems(copy(), { ...facts, names: [...facts.names, 'NEW_SETTING'] });
  assert.deepEqual(problems, ['NEW_SETTING (env.ts) is neither in the ConfigMap, the Secret nor the image, nor listed as not provided']);
});

test('staging off: the server refuses the environment (no real SMS or payment provider exists yet)', () => {
  const env = { ...filled.serverEnv, LENDVIEW_STAGING: '0' };
  const [result] = server({ envs: [env] }).loaded;
  assert.equal(result.ok, false);
  assert.match(result.problems.join('\n'), /SMS_PROVIDER=outbox in production/);
});
