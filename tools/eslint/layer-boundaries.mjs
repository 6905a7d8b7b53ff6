// The layer rule of CONVENTIONS.md: apps import only libs (never another app), libs import no app.
import { dirname, relative, resolve, sep } from 'node:path';

const ROOT = resolve(dirname(new URL(import.meta.url).pathname), '../..');

function layerOf(file) {
  const [top, name] = relative(ROOT, file).split(sep);
  if (top === 'apps' || top === 'libs') return { layer: top, name };
  return null;
}

export const layerBoundaries = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      appToApp: "An app may not import another app ('{{from}}' imports '{{to}}'): share it through libs/.",
      libToApp: "A lib may not import an app ('{{from}}' imports '{{to}}').",
    },
  },
  create(context) {
    const source = layerOf(context.filename);
    if (!source) return {};
    const check = (node, specifier) => {
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const target = layerOf(resolve(dirname(context.filename), specifier));
      if (!target || target.layer !== 'apps') return;
      if (source.layer === 'libs') context.report({ node, messageId: 'libToApp', data: { from: source.name, to: target.name } });
      else if (target.name !== source.name) context.report({ node, messageId: 'appToApp', data: { from: source.name, to: target.name } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};
