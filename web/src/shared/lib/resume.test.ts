import { describe, expect, it } from 'vitest';
import { decideResume } from './resume';

describe('resume decision', () => {
  it('starts from the beginning without a saved point', () => {
    expect(decideResume(null)).toEqual({ kind: 'start' });
  });

  it('resumes at the saved second', () => {
    expect(decideResume({ position: 754.6, duration: 1420 })).toEqual({ kind: 'resume', position: 754 });
  });

  it('starts over when the viewer had barely started', () => {
    expect(decideResume({ position: 4, duration: 1420 })).toEqual({ kind: 'start' });
  });

  it('starts over when the episode was finished', () => {
    expect(decideResume({ position: 1410, duration: 1420 })).toEqual({ kind: 'start' });
    expect(decideResume({ position: 1410, duration: null }, 1420)).toEqual({ kind: 'start' });
  });

  it('resumes when the length is unknown', () => {
    expect(decideResume({ position: 1410, duration: null })).toEqual({ kind: 'resume', position: 1410 });
  });
});
