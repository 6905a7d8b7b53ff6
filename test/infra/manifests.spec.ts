/**
 * Deployment manifests, checked statically.
 *
 * No Docker engine or cluster exists on the dev machines or in CI, so
 * docker-compose.yml and k8s/ are validated here: every k8s object is checked
 * against the Kubernetes OpenAPI schema (kubernetes-models, see k8s-schema.ts),
 * every file is parsed and the properties the apps rely on (probe paths and
 * ports, commands, secrets, replicas and autoscaling, disruption budgets,
 * migrations, ingress routing, start-up ordering) are asserted.
 */
import { readdirSync, readFileSync, statSync } from 'fs';
import { join, relative } from 'path';
import { parseAllDocuments } from 'yaml';
import { catalogueEnvSchema, gatewayEnvSchema, loadConfig } from '@portal/config';
import { schemaErrors, unknownFieldErrors, type ManifestObject } from './k8s-schema';

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
  /** Reads the media store's settings (MEDIA_STORE, S3_*; docs/media.md «Where media is stored»). */
  readsMediaStore?: boolean;
}

/** The apps' facts: where each one listens and what it reads. */
const APPS: Record<string, AppSpec> = {
  gateway: { port: 3000, ready: '/api/health/ready', live: '/api/health/live', needsDatabase: false, needsJwt: true, readsMediaStore: true },
  auth: { port: 3101, ready: '/health/ready', live: '/health/live', needsDatabase: true, needsJwt: true },
  catalogue: { port: 3102, ready: '/health/ready', live: '/health/live', needsDatabase: true, needsJwt: false, readsMediaStore: true },
  community: { port: 3103, ready: '/health/ready', live: '/health/live', needsDatabase: true, needsJwt: false },
  chat: { port: 3104, ready: '/health/ready', live: '/health/live', needsDatabase: true, needsJwt: false },
  rewards: { port: 3105, ready: '/health/ready', live: '/health/live', needsDatabase: true, needsJwt: false },
  moderation: { port: 3106, ready: '/health/ready', live: '/health/live', needsDatabase: true, needsJwt: false },
};
const APP_NAMES = Object.keys(APPS);
/** The apps with a database schema of their own, in the order the migrations Job applies them. */
const DATABASE_APPS = APP_NAMES.filter((app) => APPS[app].needsDatabase);
const SECRET_KEYS = ['DATABASE_URL', 'REDIS_URL', 'JWT_SECRET'];
/** The bucket's keys: secrets too, but only needed with MEDIA_STORE=s3, so referenced as optional. */
const MEDIA_SECRET_KEYS = ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'];
/** The media store's settings that are not secret: in the shared ConfigMap. */
const MEDIA_CONFIG_KEYS = ['MEDIA_STORE', 'S3_ENDPOINT', 'S3_REGION', 'S3_BUCKET', 'S3_FORCE_PATH_STYLE', 'MEDIA_PUBLIC_BASE_URL', 'MEDIA_URL_TTL_SECONDS'];
/** Every app runs at least this many replicas, so one pod lost (node, drain, rollout) never takes an app down. */
const MIN_REPLICAS = 2;

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
const objects: K8sObject[] = manifestFiles.flatMap((file) => parseYamlFile(file).map((o) => ({ ...o, __file: relative(K8S_DIR, file) }) as K8sObject));
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
function hpaOf(app: string): K8sObject {
  return only(
    ofKind('HorizontalPodAutoscaler').filter((h) => h.spec.scaleTargetRef?.name === app),
    `HorizontalPodAutoscaler for ${app}`,
  );
}
/** The object as it would be sent to the API server (without the file it came from). */
function manifest(o: K8sObject): ManifestObject {
  const copy: Obj = { ...o };
  delete copy.__file;
  return copy as ManifestObject;
}
/** Every pod template in k8s/ (Deployments and the Job) with where it comes from. */
function podTemplates(): Array<{ owner: string; pod: Obj; containers: Obj[] }> {
  return objects
    .filter((o) => o.spec?.template?.spec)
    .map((o) => {
      const pod = o.spec.template.spec as Obj;
      return { owner: `${o.kind}/${o.metadata.name}`, pod, containers: [...((pod.initContainers as Obj[]) ?? []), ...(pod.containers as Obj[])] };
    });
}
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

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

  describe('Kubernetes OpenAPI schema (kubernetes-models)', () => {
    it.each(objects.map((o) => [`${o.__file}: ${o.kind}/${o.metadata.name}`, o] as const))('%s is valid', (_name, o) => {
      expect(schemaErrors(manifest(o))).toEqual([]);
    });

    it('names no field the schema does not define', () => {
      expect(unknownFieldErrors(objects.map(manifest))).toEqual([]);
    });

    it('catches a broken object: a wrong type, a missing required field, an unknown apiVersion', () => {
      const broken = clone(manifest(deploymentOf('gateway'))) as Obj;
      broken.spec.replicas = 'two';
      delete broken.spec.template.spec.containers;
      const errors = schemaErrors(broken as ManifestObject).join('\n');
      expect(errors).toMatch(/replicas must be integer/);
      expect(errors).toMatch(/template\/spec must have required property containers/);
      expect(schemaErrors({ ...(broken as ManifestObject), apiVersion: 'apps/v1beta1' })).toEqual([
        'Deployment/gateway: no schema for apps/v1beta1/Deployment',
      ]);
    });

    it('catches a misspelt field the schema alone would let through', () => {
      const typo = clone(manifest(deploymentOf('auth'))) as Obj;
      const container = typo.spec.template.spec.containers[0];
      container.readinesProbe = container.readinessProbe;
      delete container.readinessProbe;
      expect(schemaErrors(typo as ManifestObject)).toEqual([]);
      const errors = unknownFieldErrors([typo as ManifestObject]);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatch(/^Deployment\/auth: .*'"readinesProbe"' does not exist in type 'IContainer'/);
    });
  });

  describe('kustomization', () => {
    it('lists every manifest file in k8s/, and only files that exist', () => {
      const listed = [...(kustomization.resources as string[])].sort();
      const onDisk = manifestFiles.map((f) => relative(K8S_DIR, f)).sort();
      expect(listed).toEqual(onDisk);
    });

    it('deploys into the anime-portal namespace and names the one image every pod runs', () => {
      expect(kustomization.namespace).toBe(NAMESPACE);
      const images = podTemplates().flatMap(({ containers }) => containers.map((c) => c.image));
      expect(new Set(images)).toEqual(new Set(['anime-portal']));
      expect((kustomization.images as Obj[]).map((i) => i.name)).toContain('anime-portal');
    });
  });

  it('has a Deployment for each of the seven apps and no other', () => {
    expect(
      ofKind('Deployment')
        .map((d) => d.metadata.name)
        .sort(),
    ).toEqual([...APP_NAMES].sort());
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

    it('gives start-up about a minute through a startupProbe on the liveness endpoint', () => {
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

    it('rolls out one extra pod at a time and takes no pod down before its replacement is ready', () => {
      const strategy = deploymentOf(app).spec.strategy;
      expect(strategy?.type).toBe('RollingUpdate');
      expect(strategy.rollingUpdate).toEqual({ maxSurge: 1, maxUnavailable: 0 });
    });

    it('spreads its replicas over nodes', () => {
      const pod = deploymentOf(app).spec.template;
      const spread = (pod.spec.topologySpreadConstraints as Obj[] | undefined) ?? [];
      expect(spread.some((t) => t.topologyKey === 'kubernetes.io/hostname' && labelsMatch(t.labelSelector.matchLabels, pod.metadata.labels))).toBe(true);
    });

    it(`runs at least ${MIN_REPLICAS} replicas, the count owned by its HPA`, () => {
      const replicas = deploymentOf(app).spec.replicas as number | undefined;
      // a `replicas` in the manifest would reset the HPA's count on every apply
      expect(replicas).toBeUndefined();
      expect(hpaOf(app).spec.minReplicas).toBeGreaterThanOrEqual(MIN_REPLICAS);
    });

    it('scales on CPU, 70 % of its CPU request (autoscaling/v2)', () => {
      const hpa = hpaOf(app);
      expect(hpa.apiVersion).toBe('autoscaling/v2');
      expect(hpa.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: app });
      expect(hpa.spec.maxReplicas).toBeGreaterThan(hpa.spec.minReplicas);
      const cpu = (hpa.spec.metrics as Obj[]).find((m) => m.type === 'Resource' && m.resource?.name === 'cpu');
      expect(cpu?.resource.target).toEqual({ type: 'Utilization', averageUtilization: 70 });
      // CPU utilization is measured against the request; without one the HPA cannot act
      expect(containerOf(app).resources.requests.cpu).toBeDefined();
    });

    it('has a PodDisruptionBudget that selects its pods and lets a drain evict one while another serves', () => {
      const labels = deploymentOf(app).spec.template.metadata.labels;
      const pdb = only(
        ofKind('PodDisruptionBudget').filter((p) => labelsMatch(p.spec.selector.matchLabels, labels)),
        `PodDisruptionBudget for ${app}`,
      );
      expect(pdb.apiVersion).toBe('policy/v1');
      // it selects only this app's pods
      for (const other of APP_NAMES.filter((name) => name !== app)) {
        expect(labelsMatch(pdb.spec.selector.matchLabels, deploymentOf(other).spec.template.metadata.labels)).toBe(false);
      }
      const floor = hpaOf(app).spec.minReplicas as number;
      if (pdb.spec.maxUnavailable !== undefined) {
        expect(pdb.spec.maxUnavailable).toBe(1);
      } else {
        expect(pdb.spec.minAvailable).toBeGreaterThanOrEqual(1);
        expect(pdb.spec.minAvailable).toBeLessThan(floor);
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
      const optional = spec.readsMediaStore ? MEDIA_SECRET_KEYS : [];
      const fromSecret = ((c.env as Obj[]) ?? []).filter((e) => e.valueFrom?.secretKeyRef);
      expect(fromSecret.map((e) => e.name).sort()).toEqual([...expected, ...optional].sort());
      for (const e of fromSecret) {
        // The bucket's keys are optional (MEDIA_STORE=folder boots without them); the others must exist.
        const reference = optional.includes(e.name) ? { name: SECRET_NAME, key: e.name, optional: true } : { name: SECRET_NAME, key: e.name };
        expect(e.valueFrom.secretKeyRef).toEqual(reference);
      }
      for (const key of [...SECRET_KEYS, ...MEDIA_SECRET_KEYS]) {
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

    it("is the only Secret and holds placeholder keys for DATABASE_URL, REDIS_URL, JWT_SECRET and the bucket's keys", () => {
      expect(secrets.map((s) => s.metadata.name)).toEqual([SECRET_NAME]);
      const s = secrets[0];
      const values = { ...(s.stringData ?? {}), ...(s.data ?? {}) };
      expect(Object.keys(values).sort()).toEqual([...SECRET_KEYS, ...MEDIA_SECRET_KEYS].sort());
    });

    it('has no value other than the REPLACE_ME placeholder', () => {
      const s = secrets[0];
      expect(Object.values(s.stringData ?? {})).toEqual([...SECRET_KEYS, ...MEDIA_SECRET_KEYS].map(() => PLACEHOLDER));
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
        for (const key of [...SECRET_KEYS, ...MEDIA_SECRET_KEYS]) expect(Object.keys(cm.data ?? {})).not.toContain(key);
      }
    });
  });

  describe('media store (MEDIA_STORE)', () => {
    const config = () => only(named('ConfigMap', 'portal-config'), 'ConfigMap portal-config').data as Record<string, string>;
    const secrets = { REDIS_URL: 'redis://redis:6379', DATABASE_URL: 'postgres://portal@postgres:5432/portal', JWT_SECRET: 'x'.repeat(32) };

    it('lists every setting in the shared ConfigMap, the folder store by default', () => {
      for (const key of MEDIA_CONFIG_KEYS) expect({ key, listed: key in config() }).toEqual({ key, listed: true });
      expect(config().MEDIA_STORE).toBe('folder');
    });

    it("passes the gateway's and the catalogue's checks as it is, and with s3 once the bucket and its keys are given", () => {
      for (const schema of [gatewayEnvSchema, catalogueEnvSchema]) {
        expect(loadConfig(schema, { ...config(), ...secrets })).toMatchObject({ MEDIA_STORE: 'folder' });
        const s3 = { ...config(), ...secrets, MEDIA_STORE: 's3', S3_BUCKET: 'portal-media', S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret' };
        expect(loadConfig(schema, s3)).toMatchObject({ MEDIA_STORE: 's3', S3_BUCKET: 'portal-media', S3_ENDPOINT: undefined });
      }
    });
  });

  describe('autoscaling', () => {
    it('has one HPA per Deployment and autoscales only Deployments that exist', () => {
      const targets = ofKind('HorizontalPodAutoscaler').map((h) => h.spec.scaleTargetRef.name as string);
      expect([...targets].sort()).toEqual([...APP_NAMES].sort());
    });

    it('pins no Deployment to fewer than two replicas', () => {
      const below = ofKind('Deployment')
        .map((d) => {
          const replicas = d.spec.replicas as number | undefined;
          const hpa = ofKind('HorizontalPodAutoscaler').find((h) => h.spec.scaleTargetRef.name === d.metadata.name);
          // without `replicas` a Deployment starts at 1, and only an HPA's minReplicas raises it
          const floor = Math.min(replicas ?? Infinity, hpa?.spec.minReplicas ?? replicas ?? 1);
          return { deployment: d.metadata.name, floor };
        })
        .filter(({ floor }) => floor < MIN_REPLICAS);
      expect(below).toEqual([]);
    });

    it('scales the gateway between 2 and 10 replicas on CPU and on socket.io connections per pod', () => {
      const hpa = hpaOf('gateway');
      expect(hpa.spec.minReplicas).toBe(2);
      expect(hpa.spec.maxReplicas).toBe(10);
      const connections = (hpa.spec.metrics as Obj[]).find((m) => m.type === 'Pods');
      expect(connections?.pods.metric.name).toBe('socketio_connections');
      expect(connections?.pods.target.type).toBe('AverageValue');
      expect(Number(connections?.pods.target.averageValue)).toBeGreaterThan(0);
      // removing a gateway replica drops its websockets: scale down one pod at a time
      expect(hpa.spec.behavior?.scaleDown?.policies).toEqual([{ type: 'Pods', value: 1, periodSeconds: 60 }]);
    });
  });

  describe('migrations', () => {
    const jobs = ofKind('Job');

    it('are not applied by the replicas at boot', () => {
      expect(only(named('ConfigMap', 'portal-config'), 'ConfigMap portal-config').data.MIGRATE_ON_BOOT).toBe('false');
      for (const app of APP_NAMES) {
        const own = envValue(containerOf(app), 'MIGRATE_ON_BOOT');
        if (own) expect({ app, value: own.value }).toEqual({ app, value: 'false' });
      }
    });

    it('are applied by one Job, which gives up after a few attempts and a deadline', () => {
      const job = only(jobs, 'Job');
      expect(job.apiVersion).toBe('batch/v1');
      expect(job.metadata.name).toBe('migrations');
      expect(job.spec.template.spec.restartPolicy).toBe('Never');
      expect(job.spec.backoffLimit).toBeGreaterThanOrEqual(1);
      expect(job.spec.backoffLimit).toBeLessThanOrEqual(5);
      expect(job.spec.activeDeadlineSeconds).toBeGreaterThan(0);
      // the documented two-step apply selects the Job and the ConfigMap by this label
      expect(job.metadata.labels['app.kubernetes.io/component']).toBe('migrations');
      expect(job.spec.template.metadata.labels['app.kubernetes.io/component']).toBe('migrations');
      expect(only(named('ConfigMap', 'portal-config'), 'ConfigMap').metadata.labels['app.kubernetes.io/component']).toBe('config');
    });

    it("migrates every database service's schema, one service after another", () => {
      const steps = only(jobs, 'Job').spec.template.spec.initContainers as Obj[];
      expect(steps.map((c) => c.name)).toEqual(DATABASE_APPS);
      for (const step of steps) {
        expect(step.command).toEqual(['node', `dist/apps/${step.name}/src/cli/migrate.js`]);
        const fromSecret = ((step.env as Obj[]) ?? []).filter((e) => e.valueFrom?.secretKeyRef);
        expect(fromSecret.map((e) => e.valueFrom.secretKeyRef)).toEqual([{ name: SECRET_NAME, key: 'DATABASE_URL' }]);
        expect(envValue(step, 'DATABASE_URL')?.value).toBeUndefined();
        expect(step.resources?.requests?.cpu).toBeDefined();
        expect(step.resources?.limits?.memory).toBeDefined();
      }
    });
  });

  it('meets the restricted Pod Security Standard in every pod (Deployments and the Job)', () => {
    for (const { owner, pod, containers } of podTemplates()) {
      expect({ owner, automount: pod.automountServiceAccountToken, seccomp: pod.securityContext?.seccompProfile?.type }).toEqual({
        owner,
        automount: false,
        seccomp: 'RuntimeDefault',
      });
      for (const c of containers) {
        expect({ owner, container: c.name, runAsNonRoot: c.securityContext?.runAsNonRoot ?? pod.securityContext?.runAsNonRoot }).toEqual({
          owner,
          container: c.name,
          runAsNonRoot: true,
        });
        expect({ owner, container: c.name, securityContext: c.securityContext }).toMatchObject({
          owner,
          container: c.name,
          securityContext: { allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, capabilities: { drop: ['ALL'] } },
        });
      }
    }
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

  it('runs postgres, redis and the seven apps, and nothing else by default', () => {
    const always = Object.keys(services).filter((name) => !services[name].profiles);
    expect(always.sort()).toEqual([...APP_NAMES, 'postgres', 'redis'].sort());
  });

  describe('the object-storage variant (profile s3)', () => {
    it('runs MinIO and the step that makes its bucket only with --profile s3, its keys from the shell', () => {
      const optional = Object.keys(services).filter((name) => services[name].profiles);
      expect(optional.sort()).toEqual(['minio', 'minio-bucket']);
      for (const name of optional) expect(services[name].profiles).toEqual(['s3']);
      expect(services.minio.image).toMatch(/^minio\/minio(:|$)/);
      expect(services.minio.environment.MINIO_ROOT_USER).toBe('${S3_ACCESS_KEY_ID:-}');
      expect(services.minio.environment.MINIO_ROOT_PASSWORD).toBe('${S3_SECRET_ACCESS_KEY:-}');
      expect(services['minio-bucket'].depends_on).toEqual({ minio: { condition: 'service_healthy' } });
    });

    it('gives the gateway and the catalogue the media store settings, folder by default, secrets never committed', () => {
      for (const app of APP_NAMES) {
        const env = services[app].environment as Obj;
        if (!APPS[app].readsMediaStore) {
          expect({ app, store: env.MEDIA_STORE }).toEqual({ app, store: undefined });
          continue;
        }
        for (const key of MEDIA_CONFIG_KEYS) expect({ app, key, set: key in env }).toEqual({ app, key, set: true });
        expect(env.MEDIA_STORE).toBe('${MEDIA_STORE:-folder}');
        expect(env.S3_ENDPOINT).toBe('${S3_ENDPOINT:-http://minio:9000}');
        for (const key of MEDIA_SECRET_KEYS) expect(env[key]).toBe(`\${${key}:-}`);
        // With the profile they wait for the bucket; without it the dependency is ignored.
        expect(services[app].depends_on['minio-bucket']).toEqual({ condition: 'service_completed_successfully', required: false });
      }
    });
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

  it('runs two replicas of each service behind one gateway', () => {
    for (const app of APP_NAMES.filter((name) => name !== 'gateway')) {
      expect({ app, replicas: services[app].deploy?.replicas }).toEqual({ app, replicas: 2 });
    }
    // the gateway publishes the host port, which only one container can bind
    expect(services.gateway.deploy?.replicas ?? 1).toBe(1);
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
    const ignored = readFileSync(join(ROOT, '.dockerignore'), 'utf8')
      .split('\n')
      .map((l) => l.trim());
    for (const entry of ['.git', 'dist', 'web/dist', '.data', 'artifacts', 'storybook-static']) {
      expect(ignored).toContain(entry);
    }
    expect(ignored.some((l) => l === 'node_modules' || l === '**/node_modules')).toBe(true);
  });
});
