/**
 * One result shared by everyone who asks while it is being computed (single flight) and for `ttlMs`
 * after it was computed: the first caller after that starts the next computation. `compute` must not
 * reject (a rejection is shared as well, and not kept).
 */
export class SharedResult<T> {
  private inFlight: Promise<T> | undefined;
  private kept: { value: T; until: number } | undefined;

  constructor(
    private readonly ttlMs: number,
    private readonly compute: () => Promise<T>,
    private readonly now: () => number = Date.now,
  ) {}

  get(): Promise<T> {
    if (this.kept && this.now() < this.kept.until) return Promise.resolve(this.kept.value);
    this.inFlight ??= this.compute().then(
      (value) => {
        this.kept = { value, until: this.now() + this.ttlMs };
        this.inFlight = undefined;
        return value;
      },
      (error: unknown) => {
        this.inFlight = undefined;
        throw error;
      },
    );
    return this.inFlight;
  }
}
