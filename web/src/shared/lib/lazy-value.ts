/**
 * A value made on first use, then kept: for `Intl` formatters, whose construction costs a phone
 * milliseconds of the first page's main thread when made at module load (issue #13, TBT).
 */
export function lazyValue<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}
