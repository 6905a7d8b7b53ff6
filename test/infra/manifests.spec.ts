/**
 * Deployment manifests, checked statically.
 *
 * No Docker engine or cluster exists on the dev machines or in CI, so
 * docker-compose.yml and k8s/ are validated here: every file is parsed and the
 * properties the apps rely on (probe paths and ports, commands, secrets,
 * autoscaling, ingress routing, start-up ordering) are asserted.
 */
import { readdirSync, readFileSync, statSync } from 'fs';
import { join, relative } from 'path';
import { parseAllDocuments } from 'yaml';

const ROOT = join(__dirname, '..', '..');
const K8S_DIR = join(ROOT, 'k8s');
const NAMESPACE = 'anime-portal';
const SECRET_NAME = 'portal-secrets';
const PLACEHOLDER = 'REPLACE_ME';

interface AppSpec {
  port: number;
  ready: string;
  live: string;
  needsDatabase: boolean;
  needsJwt: boolean;
}

/** The apps' facts: where each one listens and what it reads. */
const APPS: Record<string, AppSpec> = {
  gateway: { port: 3000, ready: '/api/health/ready', live: '/api/health/live', needsDatabase: false, needsJwt: true },
  auth: { port: 3101, ready: '/health/ready', live: '/health/live', needsDatabase: true, needsJwt: true },
  catalogue: { port: 3102, ready: '/health/ready', live: '/health/live', needsDatabase: true, needsJwt: false },
  community: { port: 3103, ready: '/health/ready', live: '/health/live', needsDatabase: true, needsJwt: false },
  chat: { port: 3104, ready: '/health/ready', live: '/health/live', needsDatabase: true, needsJwt: false },
  rewards: { port: 3105, ready: '/health/ready', live: '/health/live', needsDatabase: true, needsJwt: false },
  moderation: { port: 3106, ready: '/health/ready', live: '/health/live', needsDatabase: true, needsJwt: false },
};
const APP_NAMES = Object.keys(APPS);
const SECRET_KEYS = ['DATABASE_URL', 'REDIS_URL', 'JWT_SECRET'];

// The manifests are free-form YAML; walk them as plain JSON values.
 
type Obj = Record<string, any>;

interface K8sObject extends Obj {
  apiVersion: string;
  kind: string;
  metadata: Obj & { name: string };
  __file: string;
}

function parseYamlFile(file: string): Obj[] {
  const text = readFileSync(file, 'utf8');
  // merge: docker-compose.yml uses `<<: *anchor` merge keys, as Compose does.
  const docs = parseAllDocuments(text, { merge: true });
  const list = Array.isArray(docs) ? docs : [docs];
  const out: Obj[] = [];
  for (const doc of list) {
    if (doc.errors.length > 0) {
      throw new Error(`${relative(ROOT, file)}: ${doc.errors.map((e) => e.message).join('; ')}`);
    }
    const value = doc.toJS({ maxAliasCount: -1 });
    if (value !== null && value !== undefined) out.push(value as Obj);
  }
  return out;
}

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = join(dir, entry);
    return statSync(full).isDirectory() ? listFiles(full) : [full];
  });
}

const k8sFiles = listFiles(K8S_DIR).filter((f) => /\.ya?ml$/.test(f));
const kustomizationFile = join(K8S_DIR, 'kustomization.yaml');
const manifestFiles = k8sFiles.filter((f) => f !== kustomizationFile);
const objects: K8sObject[] = manifestFiles.flatMap((file) =>
  parseYamlFile(file).map((o) => ({ ...o, __file: relative(K8S_DIR, file) }) as K8sObject),
);
const kustomization = parseYamlFile(kustomizationFile)[0];
const compose = parseYamlFile(join(ROOT, 'docker-compose.yml'))[0];

const ofKind = (kind: string): K8sObject[] => objects.filter((o) => o.kind === kind);
const named = (kind: string, name: string): K8sObject[] => ofKind(kind).filter((o) => o.metadata.name === name);
const only = <T>(list: T[], what: string): T => {
  if (list.length !== 1) throw new Error(`expected exactly one ${what}, found ${list.length}`);
  return list[0];
};

function deploymentOf(app: string): K8sObject {
  return only(named('Deployment', app), `Deployment ${app}`);
}
function serviceOf(app: string): K8sObject {
  return only(named('Service', app), `Service ${app}`);
}
function containerOf(app: string): Obj {
  return only(deploymentOf(app).spec.template.spec.containers as Obj[], `container in Deployment ${app}`);
}
function envValue(container: Obj, name: string): Obj | undefined {
  return (container.env as Obj[] | undefined)?.find((e) => e.name === name);
}
/** A probe/Service port may be a number or the name of a container port. */
function resolvePort(container: Obj, port: number | string): number {
  if (typeof port === 'number') return port;
  if (/^\d+$/.test(port)) return Number(port);
  const found = (container.ports as Obj[] | undefined)?.find((p) => p.name === port);
  if (!found) throw new Error(`container ${container.name} has no port named ${port}`);
  return found.containerPort as number;
}
function labelsMatch(selector: Obj, labels: Obj): boolean {
  return Object.entries(selector).every(([k, v]) => labels[k] === v);
}

describe('k8s manifests', () => {
  it('parses every file under k8s/ into objects with apiVersion, kind and a name', () => {
    expect(manifestFiles.length).toBeGreaterThan(0);
    for (const o of objects) {
      expect({ file: o.__file, apiVersion: typeof o.apiVersion, kind: typeof o.kind, name: typeof o.metadata?.name }).toEqual({
        file: o.__file,
        apiVersion: 'string',
        kind: 'string',
        name: 'string',
      });
    }
  });

  it('declares the anime-portal Namespace and puts every other object in it', () => {
    expect(named('Namespace', NAMESPACE)).toHaveLength(1);
    for (const o of objects.filter((x) => x.kind !== 'Namespace')) {
      expect({ object: `${o.kind}/${o.metadata.name}`, namespace: o.metadata.namespace }).toEqual({
        object: `${o.kind}/${o.metadata.name}`,
        namespace: NAMESPACE,
      });
    }
  });

  describe('kustomization', () => {
    it('lists every manifest file in k8s/, and only files that exist', () => {
      const listed = [...(kustomization.resources as string[])].sort();
      const onDisk = manifestFiles.map((f) => relative(K8S_DIR, f)).sort();
      expect(listed).toEqual(onDisk);
    });

    it('deploys into the anime-portal namespace and names the one image the Deployments run', () => {
      expect(kustomization.namespace).toBe(NAMESPACE);
      const images = ofKind('Deployment').flatMap((d) => (d.spec.template.spec.containers as Obj[]).map((c) => c.image));
      expect(new Set(images)).toEqual(new Set(['anime-portal']));
      expect((kustomization.images as Obj[]).map((i) => i.name)).toContain('anime-portal');
    });
  });

  it('has a Deployment for each of the seven apps and no other', () => {
    expect(ofKind('Deployment').map((d) => d.metadata.name).sort()).toEqual([...APP_NAMES].sort());
  });

  describe.each(APP_NAMES)('%s', (app) => {
    const spec = APPS[app];

    it('has exactly one Deployment and one Service', () => {
      expect(named('Deployment', app)).toHaveLength(1);
      expect(named('Service', app)).toHaveLength(1);
    });

    it(`runs node dist/apps/${app}/src/main.js`, () => {
      const c = containerOf(app);
      const argv = [...((c.command as string[]) ?? []), ...((c.args as string[]) ?? [])];
      expect(argv[0]).toBe('node');
      expect(argv).toContain(`dist/apps/${app}/src/main.js`);
      expect(argv.filter((a) => /^dist\/apps\/[^/]+\/src\/main\.js$/.test(a))).toEqual([`dist/apps/${app}/src/main.js`]);
    });

    it(`probes readiness at ${spec.ready} and liveness at ${spec.live} on port ${spec.port}`, () => {
      const c = containerOf(app);
      expect(c.readinessProbe?.httpGet?.path).toBe(spec.ready);
      expect(resolvePort(c, c.readinessProbe.httpGet.port)).toBe(spec.port);
      expect(c.livenessProbe?.httpGet?.path).toBe(spec.live);
      expect(resolvePort(c, c.livenessProbe.httpGet.port)).toBe(spec.port);
      // never the aggregate /api/health: one service down would take every gateway out
      expect([c.readinessProbe.httpGet.path, c.livenessProbe.httpGet.path]).not.toContain('/api/health');
    });

    it('gives start-up (migrations) about a minute through a startupProbe on the liveness endpoint', () => {
      const c = containerOf(app);
      const p = c.startupProbe;
      expect(p?.httpGet?.path).toBe(spec.live);
      expect(resolvePort(c, p.httpGet.port)).toBe(spec.port);
      const budget = (p.initialDelaySeconds ?? 0) + (p.periodSeconds ?? 10) * (p.failureThreshold ?? 3);
      expect(budget).toBeGreaterThanOrEqual(60);
      expect(budget).toBeLessThanOrEqual(180);
    });

    it(`sets ${app === 'gateway' ? 'PORT' : 'HEALTH_PORT'} to the port its probes use`, () => {
      const c = containerOf(app);
      const varName = app === 'gateway' ? 'PORT' : 'HEALTH_PORT';
      expect(envValue(c, varName)?.value).toBe(String(spec.port));
      expect((c.ports as Obj[]).map((p) => p.containerPort)).toContain(spec.port);
    });

    it('has a Service that selects its pods and targets the probed port', () => {
      const svc = serviceOf(app);
      const d = deploymentOf(app);
      const c = containerOf(app);
      expect(labelsMatch(svc.spec.selector, d.spec.template.metadata.labels)).toBe(true);
      expect(labelsMatch(d.spec.selector.matchLabels, d.spec.template.metadata.labels)).toBe(true);
      const targets = (svc.spec.ports as Obj[]).map((p) => resolvePort(c, p.targetPort ?? p.port));
      expect(targets).toEqual([spec.port]);
    });

    it('has CPU and memory requests and limits', () => {
      const r = containerOf(app).resources;
      for (const kind of ['requests', 'limits']) {
        expect(r?.[kind]?.cpu).toBeDefined();
        expect(r?.[kind]?.memory).toBeDefined();
      }
    });

    it('runs as non-root with a read-only root filesystem, no privilege escalation and no capabilities', () => {
      const pod = deploymentOf(app).spec.template.spec;
      const c = containerOf(app);
      const runAsNonRoot = c.securityContext?.runAsNonRoot ?? pod.securityContext?.runAsNonRoot;
      const runAsUser = c.securityContext?.runAsUser ?? pod.securityContext?.runAsUser;
      expect(runAsNonRoot).toBe(true);
      if (runAsUser !== undefined) expect(runAsUser).toBeGreaterThan(0);
      expect(c.securityContext?.allowPrivilegeEscalation).toBe(false);
      expect(c.securityContext?.readOnlyRootFilesystem).toBe(true);
      expect(c.securityContext?.capabilities?.drop).toContain('ALL');
      expect(c.securityContext?.capabilities?.add ?? []).toEqual([]);
    });

    it('shuts down gracefully: 30 s grace period and a preStop sleep so endpoints drain first', () => {
      const pod = deploymentOf(app).spec.template.spec;
      expect(pod.terminationGracePeriodSeconds).toBe(30);
      const preStop = containerOf(app).lifecycle?.preStop;
      const sleepSeconds = preStop?.sleep?.seconds ?? Number((preStop?.exec?.command as string[] | undefined)?.[1]);
      expect(preStop?.exec?.command?.[0] ?? 'sleep').toBe('sleep');
      expect(sleepSeconds).toBeGreaterThanOrEqual(3);
      expect(sleepSeconds).toBeLessThan(15);
    });

    it('reads exactly the secrets it needs from the portal-secrets Secret, never as literal values', () => {
      const c = containerOf(app);
      const expected = ['REDIS_URL'];
      if (spec.needsDatabase) expected.push('DATABASE_URL');
      if (spec.needsJwt) expected.push('JWT_SECRET');
      const fromSecret = ((c.env as Obj[]) ?? []).filter((e) => e.valueFrom?.secretKeyRef);
      expect(fromSecret.map((e) => e.name).sort()).toEqual(expected.sort());
      for (const e of fromSecret) {
        expect(e.valueFrom.secretKeyRef).toEqual({ name: SECRET_NAME, key: e.name });
      }
      for (const key of SECRET_KEYS) {
        expect(envValue(c, key)?.value).toBeUndefined();
      }
      // a whole-Secret envFrom would hand every app every secret
      expect(((c.envFrom as Obj[]) ?? []).filter((e) => e.secretRef)).toEqual([]);
    });

    it('loads the shared ConfigMap', () => {
      const refs = ((containerOf(app).envFrom as Obj[]) ?? []).map((e) => e.configMapRef?.name).filter(Boolean);
      expect(refs.length).toBeGreaterThan(0);
      for (const ref of refs) expect(named('ConfigMap', ref)).toHaveLength(1);
    });
  });

  describe('Secret template', () => {
    const secrets = ofKind('Secret');

    it('is the only Secret and holds placeholder keys for DATABASE_URL, REDIS_URL and JWT_SECRET', () => {
      expect(secrets.map((s) => s.metadata.name)).toEqual([SECRET_NAME]);
      const s = secrets[0];
      const values = { ...(s.stringData ?? {}), ...(s.data ?? {}) };
      expect(Object.keys(values).sort()).toEqual([...SECRET_KEYS].sort());
    });

    it('has no value other than the REPLACE_ME placeholder', () => {
      const s = secrets[0];
      expect(Object.values(s.stringData ?? {})).toEqual(SECRET_KEYS.map(() => PLACEHOLDER));
      // base64 `data` could hide a real value: only the encoded placeholder is allowed
      for (const v of Object.values(s.data ?? {})) {
        expect(Buffer.from(String(v), 'base64').toString('utf8')).toBe(PLACEHOLDER);
      }
    });

    it('is marked local-config so applying the kustomization never overwrites the real Secret', () => {
      expect(secrets[0].metadata.annotations?.['config.kubernetes.io/local-config']).toBe('true');
    });

    it('keeps secret keys out of every ConfigMap', () => {
      for (const cm of ofKind('ConfigMap')) {
        for (const key of SECRET_KEYS) expect(Object.keys(cm.data ?? {})).not.toContain(key);
      }
    });
  });

  describe('autoscaling', () => {
    it.each(['gateway'])('scales %s on CPU 70%% between 2 and 10 replicas (autoscaling/v2)', (app) => {
      const hpa = only(
        ofKind('HorizontalPodAutoscaler').filter((h) => h.spec.scaleTargetRef?.name === app),
        `HPA for ${app}`,
      );
      expect(hpa.apiVersion).toBe('autoscaling/v2');
      expect(hpa.spec.scaleTargetRef).toMatchObject({ apiVersion: 'apps/v1', kind: 'Deployment', name: app });
      expect(hpa.spec.minReplicas).toBe(2);
      expect(hpa.spec.maxReplicas).toBe(10);
      const cpu = (hpa.spec.metrics as Obj[]).find((m) => m.type === 'Resource' && m.resource?.name === 'cpu');
      expect(cpu?.resource.target).toEqual({ type: 'Utilization', averageUtilization: 70 });
      // CPU utilization is measured against the request; without one the HPA cannot act
      expect(containerOf(app).resources.requests.cpu).toBeDefined();
    });

    it('leaves the replica count of autoscaled Deployments to their HPA', () => {
      for (const hpa of ofKind('HorizontalPodAutoscaler')) {
        expect(deploymentOf(hpa.spec.scaleTargetRef.name).spec.replicas).toBeUndefined();
      }
    });

    it('keeps every service reached over the pub/sub transport at exactly one replica', () => {
      for (const app of APP_NAMES.filter((name) => name !== 'gateway')) {
        expect(deploymentOf(app).spec.replicas).toBe(1);
        expect(ofKind('HorizontalPodAutoscaler').some((hpa) => hpa.spec.scaleTargetRef.name === app)).toBe(false);
      }
    });

    it('autoscales only Deployments that exist', () => {
      for (const hpa of ofKind('HorizontalPodAutoscaler')) {
        expect(APP_NAMES).toContain(hpa.spec.scaleTargetRef.name);
      }
    });

    it('has a PodDisruptionBudget that selects the gateway pods and allows one to be evicted', () => {
      const gatewayLabels = deploymentOf('gateway').spec.template.metadata.labels;
      const pdbs = ofKind('PodDisruptionBudget').filter((p) => labelsMatch(p.spec.selector.matchLabels, gatewayLabels));
      const pdb = only(pdbs, 'PodDisruptionBudget for gateway');
      expect(pdb.apiVersion).toBe('policy/v1');
      const hpa = ofKind('HorizontalPodAutoscaler').find((h) => h.spec.scaleTargetRef.name === 'gateway');
      if (pdb.spec.minAvailable !== undefined) expect(pdb.spec.minAvailable).toBeLessThan(hpa?.spec.minReplicas);
    });
  });

  describe('ingress', () => {
    const ingresses = ofKind('Ingress');

    it('routes every path to the gateway Service on a port that Service exposes', () => {
      expect(ingresses.length).toBeGreaterThan(0);
      const gatewayPorts = (serviceOf('gateway').spec.ports as Obj[]).flatMap((p) => [p.name, p.port]);
      const backends = ingresses.flatMap((i) => [
        ...(i.spec.defaultBackend ? [i.spec.defaultBackend] : []),
        ...((i.spec.rules as Obj[]) ?? []).flatMap((r) => ((r.http?.paths as Obj[]) ?? []).map((p) => p.backend)),
      ]);
      expect(backends.length).toBeGreaterThan(0);
      for (const b of backends) {
        expect(b.service.name).toBe('gateway');
        expect(gatewayPorts).toContain(b.service.port.name ?? b.service.port.number);
      }
      const paths = ingresses.flatMap((i) => (i.spec.rules as Obj[]).flatMap((r) => r.http.paths as Obj[]));
      expect(paths.some((p) => p.path === '/' && p.pathType === 'Prefix')).toBe(true);
    });

    it('keeps websocket connections open (networking.k8s.io/v1, ingress-nginx timeouts >= 3600 s)', () => {
      for (const i of ingresses) {
        expect(i.apiVersion).toBe('networking.k8s.io/v1');
        expect(i.spec.ingressClassName).toBe('nginx');
        const a = i.metadata.annotations ?? {};
        expect(Number(a['nginx.ingress.kubernetes.io/proxy-read-timeout'])).toBeGreaterThanOrEqual(3600);
        expect(Number(a['nginx.ingress.kubernetes.io/proxy-send-timeout'])).toBeGreaterThanOrEqual(3600);
        expect(a['nginx.ingress.kubernetes.io/proxy-http-version'] ?? '1.1').toBe('1.1');
      }
    });

    it('pins socket.io long-polling clients to one gateway replica with cookie affinity', () => {
      for (const i of ingresses) {
        expect(i.metadata.annotations?.['nginx.ingress.kubernetes.io/affinity']).toBe('cookie');
      }
    });
  });
});

describe('docker-compose.yml', () => {
  const services = (compose.services ?? {}) as Record<string, Obj>;

  it('runs postgres, redis and the seven apps, and nothing else', () => {
    expect(Object.keys(services).sort()).toEqual([...APP_NAMES, 'postgres', 'redis'].sort());
  });

  it('runs PostgreSQL 16 as a UTF-8 C.UTF-8 database with a pg_isready healthcheck', () => {
    const pg = services.postgres;
    expect(pg.image).toMatch(/^postgres:16/);
    expect(pg.environment.POSTGRES_INITDB_ARGS).toContain('--encoding=UTF8');
    expect(pg.environment.POSTGRES_INITDB_ARGS).toContain('--locale=C.UTF-8');
    expect((pg.healthcheck.test as string[]).join(' ')).toContain('pg_isready');
  });

  it('runs Redis 7 with a redis-cli ping healthcheck', () => {
    const redis = services.redis;
    expect(redis.image).toMatch(/^redis:7/);
    expect((redis.healthcheck.test as string[]).join(' ')).toContain('redis-cli ping');
  });

  describe.each(APP_NAMES)('%s', (app) => {
    const spec = APPS[app];

    it('is built from the repository Dockerfile as the one shared image', () => {
      const s = services[app];
      const context = typeof s.build === 'string' ? s.build : s.build?.context;
      expect(context).toBe('.');
      expect(s.image).toBe(services.gateway.image);
    });

    it(`runs node dist/apps/${app}/src/main.js`, () => {
      expect(services[app].command).toEqual(['node', `dist/apps/${app}/src/main.js`]);
    });

    it('starts only once postgres and redis are healthy', () => {
      expect(services[app].depends_on).toMatchObject({
        postgres: { condition: 'service_healthy' },
        redis: { condition: 'service_healthy' },
      });
    });

    it(`is healthy when GET ${spec.ready} on port ${spec.port} answers 2xx (node fetch, no curl in the image)`, () => {
      const test = services[app].healthcheck.test as string[];
      expect(test.slice(0, 3)).toEqual(['CMD', 'node', '-e']);
      expect(test[3]).toContain(`fetch('http://127.0.0.1:${spec.port}${spec.ready}')`);
      expect(test[3]).toContain('process.exit(r.ok?0:1)');
      expect(test[3]).toContain('.catch(()=>process.exit(1))');
    });

    it(`sets ${app === 'gateway' ? 'PORT' : 'HEALTH_PORT'} to the port its healthcheck uses and has its connection settings`, () => {
      const env = services[app].environment as Obj;
      expect(env[app === 'gateway' ? 'PORT' : 'HEALTH_PORT']).toBe(String(spec.port));
      expect(env.REDIS_URL).toMatch(/^redis:\/\/redis:6379/);
      if (spec.needsDatabase) expect(env.DATABASE_URL).toMatch(/^postgres:\/\/[^@]+@postgres:5432\//);
      else expect(env.DATABASE_URL).toBeUndefined();
    });

    it('takes JWT_SECRET from the environment, never a committed value', () => {
      const env = services[app].environment as Obj;
      if (spec.needsJwt) expect(env.JWT_SECRET).toMatch(/^\$\{JWT_SECRET:\?[^}]*\}$/);
      else expect(env.JWT_SECRET).toBeUndefined();
    });

    it('gets 30 s to shut down gracefully', () => {
      expect(services[app].stop_grace_period).toBe('30s');
    });
  });

  it('publishes only the gateway, on container port 3000', () => {
    for (const [name, s] of Object.entries(services)) {
      if (name === 'gateway') expect((s.ports as string[]).map((p) => String(p).split(':').pop())).toEqual(['3000']);
      else expect(s.ports).toBeUndefined();
    }
  });
});

describe('Dockerfile', () => {
  const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
  const stages = dockerfile.split(/^FROM /m).slice(1);
  const runtime = stages[stages.length - 1];

  it('builds on node:20-bookworm-slim in several stages', () => {
    expect(dockerfile).toMatch(/node:20-bookworm-slim/);
    expect(stages.length).toBeGreaterThanOrEqual(2);
    expect(dockerfile).toMatch(/RUN .*npm ci\s*$/m);
    expect(dockerfile).toMatch(/RUN npm run build/);
  });

  it('ships production dependencies and the built output, runs as a non-root user, gateway by default', () => {
    expect(dockerfile).toMatch(/npm ci --omit=dev/);
    expect(runtime).toMatch(/COPY --from=\S+ .*\/app\/dist \.\/dist/);
    expect(runtime).toMatch(/COPY --from=\S+ .*\/app\/web\/dist \.\/web\/dist/);
    expect(runtime).toMatch(/NODE_ENV=production/);
    const user = runtime.match(/^USER (\S+)/m)?.[1];
    expect(user).toBeDefined();
    expect(user).not.toMatch(/^(root|0)(:|$)/);
    expect(runtime).toMatch(/^CMD \["node", "dist\/apps\/gateway\/src\/main\.js"\]/m);
  });

  it('keeps local state out of the build context (.dockerignore)', () => {
    const ignored = readFileSync(join(ROOT, '.dockerignore'), 'utf8').split('\n').map((l) => l.trim());
    for (const entry of ['.git', 'dist', 'web/dist', '.data', 'artifacts', 'storybook-static']) {
      expect(ignored).toContain(entry);
    }
    expect(ignored.some((l) => l === 'node_modules' || l === '**/node_modules')).toBe(true);
  });
});
