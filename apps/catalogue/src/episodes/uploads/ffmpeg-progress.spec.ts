import { parseProgress, progressOf } from './ffmpeg-progress';

const block = (outTimeUs: string, progress = 'continue') =>
  `frame=101\nfps=47.91\nstream_0_0_q=-1.0\nbitrate=N/A\ntotal_size=N/A\nout_time_us=${outTimeUs}\nout_time_ms=${outTimeUs}\nout_time=00:00:04.053122\nspeed=1.92x\nprogress=${progress}\n`;

describe('parseProgress', () => {
  it('reads the media time of each complete block and whether ffmpeg ended', () => {
    expect(parseProgress(block('1500000') + block('4053122', 'end'))).toEqual({
      blocks: [
        { outTimeSeconds: 1.5, ended: false },
        { outTimeSeconds: 4.053122, ended: true },
      ],
      rest: '',
    });
  });

  it('keeps a block cut by the pipe for the next chunk, whatever the cut', () => {
    const text = block('1000000') + block('2000000') + block('3000000', 'end');
    for (const cut of [1, 20, 95, 150, 151, text.length - 3]) {
      const first = parseProgress(text.slice(0, cut));
      const second = parseProgress(first.rest + text.slice(cut));
      expect([...first.blocks, ...second.blocks].map((item) => item.outTimeSeconds)).toEqual([1, 2, 3]);
      expect(second.rest).toBe('');
    }
  });

  it('takes ffmpeg 4.1’s out_time_ms (microseconds despite its name) when out_time_us is missing', () => {
    expect(parseProgress('frame=5\nout_time_ms=2500000\nprogress=continue\n').blocks).toEqual([{ outTimeSeconds: 2.5, ended: false }]);
  });

  it('has no media time while ffmpeg reports N/A, and none below zero', () => {
    expect(parseProgress('out_time_us=N/A\nout_time_ms=N/A\nprogress=continue\n').blocks).toEqual([{ outTimeSeconds: null, ended: false }]);
    expect(parseProgress('out_time_us=-9223372036854775807\nprogress=continue\n').blocks).toEqual([{ outTimeSeconds: 0, ended: false }]);
  });

  it('handles CRLF and ignores lines that are not key=value', () => {
    expect(parseProgress('garbage\r\nout_time_us=1000000\r\nprogress=end\r\n').blocks).toEqual([{ outTimeSeconds: 1, ended: true }]);
  });
});

describe('progressOf', () => {
  it('gives the per cent of the duration and the time left at the speed so far', () => {
    // 30 s of a 120 s episode written in 10 s: 3× real time, 90 s left → 30 s.
    expect(progressOf(30, 120, 10)).toEqual({ percent: 25, etaSeconds: 30 });
    // Slower than real time: 10 s written in 20 s, 50 s left → 100 s.
    expect(progressOf(10, 60, 20)).toEqual({ percent: (10 / 60) * 100, etaSeconds: 100 });
  });

  it('has no eta before anything was written', () => {
    expect(progressOf(0, 120, 3)).toEqual({ percent: 0, etaSeconds: null });
    expect(progressOf(5, 120, 0)).toEqual({ percent: (5 / 120) * 100, etaSeconds: null });
  });

  it('stays below 100 until ffmpeg ends, even past the probed duration', () => {
    expect(progressOf(121, 120, 30)).toEqual({ percent: 99.9, etaSeconds: 0 });
  });
});
