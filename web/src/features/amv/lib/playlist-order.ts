/** The list with the item at `from` moved to `to` (both clamped to the list). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  if (from < 0 || from >= next.length) return next;
  const target = Math.max(0, Math.min(next.length - 1, to));
  const [moved] = next.splice(from, 1);
  next.splice(target, 0, moved);
  return next;
}

/** A play order over `count` items: in order, or shuffled (Fisher–Yates with the given random source). */
export function playOrder(count: number, shuffle: boolean, random: () => number = Math.random): number[] {
  const order = Array.from({ length: count }, (_, index) => index);
  if (!shuffle) return order;
  for (let index = order.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [order[index], order[other]] = [order[other], order[index]];
  }
  return order;
}

/** The step after `step` of a play order of `length`, or null at the end without repeat. */
export function nextStep(step: number, length: number, repeat: boolean): number | null {
  if (length === 0) return null;
  if (step + 1 < length) return step + 1;
  return repeat ? 0 : null;
}
