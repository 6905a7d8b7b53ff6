type Fields = Record<string, unknown>;

/**
 * The fields whose values differ between two states of an item, as they were and as they are: the
 * audit log's before and after (docs/moderation.md, «Audit log»). Values compare by their JSON, so
 * arrays and objects by content; a field one side lacks is null on that side.
 */
export function changedFields(before: object, after: object): { before: Fields; after: Fields } {
  const was = new Map<string, unknown>(Object.entries(before));
  const is = new Map<string, unknown>(Object.entries(after));
  const changed = [...new Set([...was.keys(), ...is.keys()])].filter((key) => JSON.stringify(was.get(key) ?? null) !== JSON.stringify(is.get(key) ?? null));
  const side = (values: Map<string, unknown>) => Object.fromEntries(changed.map((key) => [key, values.get(key) ?? null]));
  return { before: side(was), after: side(is) };
}
