import path from 'node:path';

/**
 * Layering of web/src, checked on resolved paths (so relative imports cannot sneak past):
 * shared/ imports nothing above it; features/<a> imports only itself and shared/; app/ composes all.
 */
function layerOf(file) {
  const normalized = file.split(path.sep).join('/');
  const feature = normalized.match(/\/web\/src\/features\/([^/]+)(\/|$)/);
  if (feature) return { layer: 'feature', feature: feature[1] };
  if (/\/web\/src\/shared(\/|$)/.test(normalized)) return { layer: 'shared' };
  if (/\/web\/src\/app(\/|$)/.test(normalized)) return { layer: 'app' };
  return null;
}

function violation(from, to) {
  if (!from || !to) return null;
  if (from.layer === 'shared' && to.layer !== 'shared') return 'shared/ may not import features/ or app/.';
  if (from.layer === 'feature' && to.layer === 'app') return `Feature "${from.feature}" may not import the app shell.`;
  if (from.layer === 'feature' && to.layer === 'feature' && to.feature !== from.feature) {
    return `Feature "${from.feature}" may not import feature "${to.feature}"; move shared code to web/src/shared.`;
  }
  return null;
}

const noCrossLayerImports = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid imports across features and upward from shared/ in web/src.' },
    schema: [],
  },
  create(context) {
    const from = layerOf(context.filename);
    if (!from) return {};
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.resolve(path.dirname(context.filename), source);
      const message = violation(from, layerOf(target));
      if (message) context.report({ node, message });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

/** Convention 11: a .tsx module is named after its component (PascalCase), tests and stories included. */
const componentFileNames = {
  meta: { type: 'suggestion', docs: { description: 'PascalCase names for React component files.' }, schema: [] },
  create(context) {
    const base = path.basename(context.filename);
    const helperDir = /[\\/](web[\\/]src[\\/]test|stories[\\/]support)[\\/]/.test(context.filename);
    if (helperDir || !base.endsWith('.tsx') || base === 'main.tsx' || base === 'preview.tsx' || base === 'stories.test.tsx') return {};
    const component = base.replace(/(\.test|\.stories)?\.tsx$/, '');
    return {
      Program(node) {
        if (!/^[A-Z][A-Za-z0-9]*$/.test(component)) {
          context.report({ node, message: `Component file "${base}" should be named after its component in PascalCase.` });
        }
      },
    };
  },
};

export const layersPlugin = {
  rules: { 'no-cross-layer-imports': noCrossLayerImports, 'component-file-names': componentFileNames },
};
