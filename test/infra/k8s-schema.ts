/**
 * Validation of Kubernetes objects against the Kubernetes OpenAPI schemas, through kubernetes-models
 * (the schemas compiled into one validator per apiVersion/kind, and TypeScript types generated from
 * the same schemas).
 *
 * - `schemaErrors`: builds the model class of the object's apiVersion/kind and calls `.validate()`
 *   (types, required fields, enums, formats).
 * - `unknownFieldErrors`: the schemas allow properties they do not name, like the API server without
 *   strict field validation; a misspelt field (`readinesProbe`) would pass unnoticed and be dropped by
 *   the cluster. Each object is type-checked as an object literal of its kind's generated interface,
 *   so TypeScript's excess-property check names any field the schema does not know.
 */
import { join } from 'path';
import * as ts from 'typescript';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Job } from 'kubernetes-models/batch/v1';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Namespace, PersistentVolumeClaim, Secret, Service } from 'kubernetes-models/v1';

export interface ManifestObject {
  apiVersion: string;
  kind: string;
  metadata?: { name?: string };
  [field: string]: unknown;
}

interface KindModel {
  /** The kubernetes-models module that exports the class and its `I<Kind>` interface. */
  module: string;
  create: (data: ManifestObject) => { validate(): void };
}

/** Every apiVersion/kind the manifests may use; anything else is reported as unsupported. */
const MODELS: Record<string, KindModel> = {
  'v1/Namespace': { module: 'kubernetes-models/v1', create: (o) => new Namespace(o as never) },
  'v1/ConfigMap': { module: 'kubernetes-models/v1', create: (o) => new ConfigMap(o as never) },
  'v1/Secret': { module: 'kubernetes-models/v1', create: (o) => new Secret(o as never) },
  'v1/Service': { module: 'kubernetes-models/v1', create: (o) => new Service(o as never) },
  'v1/PersistentVolumeClaim': { module: 'kubernetes-models/v1', create: (o) => new PersistentVolumeClaim(o as never) },
  'apps/v1/Deployment': { module: 'kubernetes-models/apps/v1', create: (o) => new Deployment(o as never) },
  'autoscaling/v2/HorizontalPodAutoscaler': {
    module: 'kubernetes-models/autoscaling/v2',
    create: (o) => new HorizontalPodAutoscaler(o as never),
  },
  'batch/v1/Job': { module: 'kubernetes-models/batch/v1', create: (o) => new Job(o as never) },
  'networking.k8s.io/v1/Ingress': { module: 'kubernetes-models/networking.k8s.io/v1', create: (o) => new Ingress(o as never) },
  'policy/v1/PodDisruptionBudget': { module: 'kubernetes-models/policy/v1', create: (o) => new PodDisruptionBudget(o as never) },
};

const typeOf = (o: ManifestObject) => `${o.apiVersion}/${o.kind}`;
const label = (o: ManifestObject) => `${o.kind}/${o.metadata?.name ?? '?'}`;

export function isSupported(o: ManifestObject): boolean {
  return typeOf(o) in MODELS;
}

/** The schema's complaints about one object, empty when it is valid. */
export function schemaErrors(o: ManifestObject): string[] {
  const model = MODELS[typeOf(o)];
  if (!model) return [`${label(o)}: no schema for ${typeOf(o)}`];
  try {
    model.create(o).validate();
    return [];
  } catch (error) {
    return [`${label(o)}: ${(error as Error).message}`];
  }
}

/**
 * Fields the schema does not define, one message per object that has any (TypeScript reports the
 * first excess property of each literal). Objects of unsupported kinds are left to `schemaErrors`.
 */
export function unknownFieldErrors(objects: ManifestObject[]): string[] {
  const supported = objects.filter(isSupported);
  const modules = [...new Set(supported.map((o) => MODELS[typeOf(o)].module))];
  const imports = modules.map((module) => {
    const kinds = [...new Set(supported.filter((o) => MODELS[typeOf(o)].module === module).map((o) => o.kind))];
    return `import type { ${kinds.map((k) => `I${k}`).join(', ')} } from '${module}';`;
  });
  // One object per line, so a diagnostic's line names its object.
  const firstObjectLine = imports.length;
  const declarations = supported.map((o, i) => `export const object${i}: I${o.kind} = ${JSON.stringify(o)};`);
  const source = [...imports, ...declarations].join('\n');

  // A virtual file beside this one, so `kubernetes-models` resolves from the repository's node_modules.
  const fileName = join(__dirname, 'k8s-manifests.check.ts');
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.CommonJS,
    moduleResolution: ts.ModuleResolutionKind.Node10,
  };
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.getSourceFile = (name, language, ...rest) =>
    name === fileName ? ts.createSourceFile(name, source, language) : getSourceFile.call(host, name, language, ...rest);
  host.fileExists = (name) => name === fileName || fileExists.call(host, name);
  host.readFile = (name) => (name === fileName ? source : readFile.call(host, name));

  const program = ts.createProgram([fileName], options, host);
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n').split('\n')[0];
    if (diagnostic.file?.fileName !== fileName || diagnostic.start === undefined) return message;
    const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    const o = supported[line - firstObjectLine];
    return o ? `${label(o)}: ${message}` : message;
  });
}
