import { afterEach, describe, expect, it, vi } from 'vitest';
import { autoplayAllowed } from './autoplay';

const refusal = () => Promise.reject(new DOMException("play() failed because the user didn't interact with the document first.", 'NotAllowedError'));

describe('autoplayAllowed', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is false where the browser refuses a play() without a gesture', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(refusal);
    await expect(autoplayAllowed()).resolves.toBe(false);
  });

  it('is true where the play() waits for a source, and drops the probe', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => new Promise(() => undefined));
    const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause');
    await expect(autoplayAllowed()).resolves.toBe(true);
    expect(pause).toHaveBeenCalledTimes(1);
  });

  it('is true when the play() fails for another reason than the policy', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.reject(new DOMException('no source', 'NotSupportedError')));
    await expect(autoplayAllowed()).resolves.toBe(true);
  });
});
