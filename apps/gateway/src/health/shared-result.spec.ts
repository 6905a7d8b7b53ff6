import { SharedResult } from './shared-result';

describe('SharedResult', () => {
  it('shares one computation between concurrent callers and keeps its result for the window', async () => {
    let clock = 0;
    let calls = 0;
    const shared = new SharedResult(
      1000,
      () => Promise.resolve(++calls),
      () => clock,
    );
    expect(await Promise.all([shared.get(), shared.get(), shared.get()])).toEqual([1, 1, 1]);
    clock = 999;
    expect(await shared.get()).toBe(1);
    clock = 1000;
    expect(await Promise.all([shared.get(), shared.get()])).toEqual([2, 2]);
    expect(calls).toBe(2);
  });

  it('counts the window from the end of the computation', async () => {
    let clock = 0;
    let finish!: (value: string) => void;
    const shared = new SharedResult(
      1000,
      () => new Promise<string>((resolve) => (finish = resolve)),
      () => clock,
    );
    const first = shared.get();
    clock = 5000; // a slow probe (a service not answering) ...
    const second = shared.get();
    finish('down');
    expect(await Promise.all([first, second])).toEqual(['down', 'down']);
    clock = 5999; // ... is then kept for a whole window
    expect(await shared.get()).toBe('down');
  });

  it('does not keep a failure: the next caller computes again', async () => {
    let calls = 0;
    const shared = new SharedResult(1000, () => (++calls === 1 ? Promise.reject(new Error('boom')) : Promise.resolve('up')));
    await expect(Promise.all([shared.get(), shared.get()])).rejects.toThrow('boom');
    expect(await shared.get()).toBe('up');
    expect(calls).toBe(2);
  });
});
