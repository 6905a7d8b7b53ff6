import { applyListChange, type EntryState, NEW_ENTRY } from './list-transitions';

const state = (overrides: Partial<EntryState> = {}): EntryState => ({ ...NEW_ENTRY, ...overrides });
const next = (current: EntryState | null, change: Parameters<typeof applyListChange>[1], total: number | null = 12) => {
  const result = applyListChange(current, change, total);
  if (!result.ok) throw new Error(`refused: ${result.error.field}`);
  return result.next;
};
const refusal = (current: EntryState | null, change: Parameters<typeof applyListChange>[1], total: number | null = 12) => {
  const result = applyListChange(current, change, total);
  if (result.ok) throw new Error('accepted');
  return result.error.field;
};

describe('list transitions', () => {
  it('adds a title as planned when nothing else is said', () => {
    expect(next(null, {})).toEqual(state());
  });

  it('records a watched episode: watching, the episode kept, progress raised to it (SPEC §4)', () => {
    expect(next(null, { watchedEpisode: 3 })).toEqual(state({ status: 'watching', progress: 3, watchedEpisodes: [3] }));
    expect(next(state({ status: 'watching', progress: 3, watchedEpisodes: [3] }), { watchedEpisode: 1 })).toEqual(
      state({ status: 'watching', progress: 3, watchedEpisodes: [1, 3] }),
    );
  });

  it.each(['planned', 'on_hold', 'dropped'] as const)('a watched episode moves a %s title to watching', (status) => {
    expect(next(state({ status }), { watchedEpisode: 2 }).status).toBe('watching');
  });

  it('completes the title when the watched episode reaches the total, progress capped at it', () => {
    expect(next(state({ status: 'watching', progress: 11 }), { watchedEpisode: 12 })).toEqual(
      state({ status: 'completed', progress: 12, watchedEpisodes: [12] }),
    );
  });

  it('refuses an episode beyond the total, but not when the total is unknown', () => {
    expect(refusal(null, { watchedEpisode: 13 })).toBe('watchedEpisode');
    expect(next(null, { watchedEpisode: 500 }, null)).toMatchObject({ status: 'watching', progress: 500 });
    expect(next(null, { watchedEpisode: 500 }, 0)).toMatchObject({ status: 'watching', progress: 500 });
  });

  it('setting completed fills the progress to the total (kept when the total is unknown)', () => {
    expect(next(state({ status: 'watching', progress: 4 }), { status: 'completed' })).toMatchObject({ status: 'completed', progress: 12 });
    expect(next(state({ status: 'watching', progress: 4 }), { status: 'completed' }, null)).toMatchObject({ status: 'completed', progress: 4 });
    expect(next(state({ status: 'watching' }), { status: 'completed', progress: 3 })).toMatchObject({ status: 'completed', progress: 12 });
  });

  it('caps a progress at the total; reaching it completes the title unless on_hold or dropped is given', () => {
    expect(next(state({ status: 'watching' }), { progress: 40 })).toMatchObject({ status: 'completed', progress: 12 });
    expect(next(state({ status: 'watching' }), { progress: 12, status: 'on_hold' })).toMatchObject({ status: 'on_hold', progress: 12 });
    expect(next(state({ status: 'watching' }), { progress: 40, status: 'dropped' })).toMatchObject({ status: 'dropped', progress: 12 });
  });

  it('an explicit watching or planned with a progress at or above the total completes the title (SPEC §4)', () => {
    expect(next(state({ status: 'watching', progress: 3 }), { status: 'watching', progress: 12 })).toMatchObject({ status: 'completed', progress: 12 });
    expect(next(state({ status: 'watching', progress: 3 }), { status: 'watching', progress: 40 })).toMatchObject({ status: 'completed', progress: 12 });
    expect(next(null, { status: 'watching', progress: 12 })).toMatchObject({ status: 'completed', progress: 12 });
    expect(next(null, { status: 'planned', progress: 12 })).toMatchObject({ status: 'completed', progress: 12 });
    expect(next(state({ status: 'on_hold', progress: 3 }), { status: 'watching', progress: 12 })).toMatchObject({ status: 'completed', progress: 12 });
    // A completed title set to watching at the total stays completed: nothing changes.
    const completed = state({ status: 'completed', progress: 12 });
    expect(next(completed, { status: 'watching', progress: 12 })).toEqual(completed);
    // Below the total, or with an unknown total, it stays watching.
    expect(next(null, { status: 'watching', progress: 11 })).toMatchObject({ status: 'watching', progress: 11 });
    expect(next(null, { status: 'watching', progress: 500 }, null)).toMatchObject({ status: 'watching', progress: 500 });
    expect(next(null, { status: 'watching', progress: 500 }, 0)).toMatchObject({ status: 'watching', progress: 500 });
  });

  it('a rewatch whose progress reaches the total completes and counts, with or without the status repeated', () => {
    const rewatching = state({ status: 'rewatching', progress: 4, rewatches: 1 });
    expect(next(rewatching, { status: 'rewatching', progress: 12 })).toMatchObject({ status: 'completed', progress: 12, rewatches: 2 });
    expect(next(rewatching, { progress: 12 })).toMatchObject({ status: 'completed', progress: 12, rewatches: 2 });
    expect(next(state({ status: 'completed', progress: 12 }), { status: 'rewatching', progress: 12 })).toMatchObject({
      status: 'completed',
      progress: 12,
      rewatches: 1,
    });
  });

  it('a progress makes a planned title watching, and a completed one set below the total too', () => {
    expect(next(state(), { progress: 2 })).toMatchObject({ status: 'watching', progress: 2 });
    expect(next(state(), { progress: 0 })).toMatchObject({ status: 'planned', progress: 0 });
    expect(next(state({ status: 'completed', progress: 12 }), { progress: 5 })).toMatchObject({ status: 'watching', progress: 5 });
    expect(next(state({ status: 'dropped', progress: 2 }), { progress: 5 })).toMatchObject({ status: 'dropped', progress: 5 });
  });

  it('rewatching is only for a completed title, and starts the pass at zero', () => {
    expect(refusal(state({ status: 'watching' }), { status: 'rewatching' })).toBe('status');
    expect(refusal(null, { status: 'rewatching' })).toBe('status');
    expect(next(state({ status: 'completed', progress: 12, watchedEpisodes: [1, 12] }), { status: 'rewatching' })).toEqual(
      state({ status: 'rewatching', progress: 0, watchedEpisodes: [] }),
    );
  });

  it('a rewatch that reaches the last episode completes the title again and counts one rewatch', () => {
    let entry = next(state({ status: 'completed', progress: 12 }), { status: 'rewatching' });
    entry = next(entry, { watchedEpisode: 11 });
    expect(entry).toMatchObject({ status: 'rewatching', progress: 11 });
    entry = next(entry, { watchedEpisode: 12 });
    expect(entry).toMatchObject({ status: 'completed', progress: 12, rewatches: 1 });
    expect(next(next(entry, { status: 'rewatching' }), { status: 'completed' })).toMatchObject({ status: 'completed', progress: 12, rewatches: 2 });
  });

  it('watching an earlier episode of a completed title starts a rewatch; its last episode changes nothing', () => {
    const completed = state({ status: 'completed', progress: 12, watchedEpisodes: [12] });
    expect(next(completed, { watchedEpisode: 1 })).toEqual(state({ status: 'rewatching', progress: 1, watchedEpisodes: [1] }));
    expect(next(completed, { watchedEpisode: 12 })).toEqual(completed);
  });

  it('the other statuses keep the progress', () => {
    for (const status of ['watching', 'on_hold', 'dropped', 'planned'] as const) {
      expect(next(state({ status: 'watching', progress: 5 }), { status })).toMatchObject({ status, progress: 5 });
    }
  });
});
