import { spoilerLabel } from '@portal/contracts';
import { buildTree, GUEST_VIEW, hasWatched } from './comment-view';
import type { CommentRow, WatchedRow } from './comments.repository';

let clock = 0;
const row = (id: string, fields: Partial<CommentRow> = {}): CommentRow => {
  clock += 1;
  return {
    id,
    target_type: 'anime',
    target_id: '20',
    parent_id: null,
    thread_parent_id: null,
    root_id: 'root',
    depth: 0,
    author_id: 'author',
    content: id,
    episode: null,
    at_seconds: null,
    likes: 0,
    replies: 0,
    created_at: new Date(1_700_000_000_000 + clock),
    edited_at: null,
    deleted_at: null,
    held: false,
    created_key: String((1_700_000_000_000 + clock) * 1000),
    username: 'user',
    display_name: 'User',
    avatar: null,
    rank: null,
    ...fields,
  };
};
const reply = (id: string, parent: string, depth: number, fields: Partial<CommentRow> = {}) =>
  row(id, { parent_id: parent, thread_parent_id: parent, depth, ...fields });
const shape = (node: { id: string; content: string | null; children: unknown[] } | null): unknown =>
  node && [node.id, node.content, (node.children as Array<{ id: string; content: string | null; children: unknown[] }>).map(shape)];

describe('the display tree of a thread', () => {
  it('nests children under their display parent, oldest first', () => {
    const rows = [row('root'), reply('b', 'root', 1), reply('a', 'root', 1), reply('c', 'a', 2)];
    expect(shape(buildTree('root', rows, GUEST_VIEW))).toEqual([
      'root',
      'root',
      [
        ['b', 'b', []],
        ['a', 'a', [['c', 'c', []]]],
      ],
    ]);
  });

  it('keeps a deleted comment only while something live is shown under it, at any depth', () => {
    const deleted = { deleted_at: new Date() };
    const rows = [row('root', deleted), reply('a', 'root', 1, deleted), reply('b', 'a', 2, deleted), reply('c', 'b', 3)];
    expect(shape(buildTree('root', rows, GUEST_VIEW))).toEqual(['root', null, [['a', null, [['b', null, [['c', 'c', []]]]]]]]);
    const withoutLive = rows.map((item) => (item.id === 'c' ? { ...item, ...deleted } : item));
    expect(buildTree('root', withoutLive, GUEST_VIEW)).toBeNull();
  });

  it('hides a spoiler from a viewer who may not see it, and never shows a deleted text', () => {
    const rows = [
      row('root', { episode: 2, at_seconds: 300 }),
      reply('a', 'root', 1, { deleted_at: new Date(), episode: 1, at_seconds: 0 }),
      reply('b', 'a', 2),
    ];
    const hidden = buildTree('root', rows, GUEST_VIEW);
    expect(hidden).toMatchObject({ content: null, spoiler: { episode: 2, at: 300, hidden: true } });
    expect(hidden?.children[0]).toMatchObject({ content: null, deleted: true, spoiler: null });
    const shown = buildTree('root', rows, { revealed: new Set(['root']), likedByMe: new Set(['b']) });
    expect(shown).toMatchObject({ content: 'root', spoiler: { hidden: false } });
    expect(shown?.children[0].children[0]).toMatchObject({ likedByMe: true });
  });
});

describe('whether a viewer has watched a moment', () => {
  const watched = (fields: Partial<WatchedRow>): WatchedRow => ({
    anime_id: 20,
    episode: null,
    position: null,
    list_progress: null,
    seen_all: false,
    ...fields,
  });

  it.each([
    [undefined, false],
    [watched({}), false],
    [watched({ episode: 2, position: 299.5 }), false],
    [watched({ episode: 2, position: 300 }), true],
    [watched({ episode: 3, position: 0 }), true],
    [watched({ episode: 1, position: 5000 }), false],
    [watched({ list_progress: 1 }), false],
    [watched({ list_progress: 2 }), true],
    [watched({ seen_all: true }), true],
  ])('%j at episode 2, 05:00 → %s', (row, expected) => {
    expect(hasWatched(row, 2, 300)).toBe(expected);
  });
});

describe('the spoiler label', () => {
  it('names the episode and the moment', () => {
    expect(spoilerLabel(2, 300)).toBe('Спойлер к серии 2, 05:00');
    expect(spoilerLabel(12, 65)).toBe('Спойлер к серии 12, 01:05');
    expect(spoilerLabel(1, 3725)).toBe('Спойлер к серии 1, 1:02:05');
  });
});
