import { COMMENT_MESSAGES, ErrorCode, type AnimeDetails } from '@portal/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../../../test/mock-api';
import { mockApiPerTest } from '../../../test/mock-api-per-test';
import { renderWithApp } from '../../../test/render';
import { CommentsSocketContext } from '../api/comments-socket';
import { fakeCommentsConnector, makeNode, makePage, makeThread } from '../testing/comment-fixtures';
import { AnimeComments } from './AnimeComments';

const mockApi = mockApiPerTest();
const LIST = 'GET /api/anime/1/comments';
// The block reads only the title's id and episode count (and features may not share fixtures).
const anime = { id: 1, episodes: 64 } as AnimeDetails;

const loadedPage = makePage([
  makeThread({
    id: 't1',
    content: 'Ветка на первой странице',
    replies: 1,
    children: [makeNode({ id: 'r1', parentId: 't1', threadParentId: 't1', depth: 1, content: 'Ответ в загруженной ветке' })],
  }),
]);

const scrollIntoView = vi.fn();
beforeEach(() => {
  scrollIntoView.mockClear();
  // jsdom lays nothing out and has no scrollIntoView.
  Element.prototype.scrollIntoView = scrollIntoView;
});
afterEach(() => {
  delete (Element.prototype as Partial<Element>).scrollIntoView;
});

function renderAt(route: string) {
  return renderWithApp(
    <CommentsSocketContext.Provider value={fakeCommentsConnector()}>
      <AnimeComments anime={anime} />
    </CommentsSocketContext.Provider>,
    { route },
  );
}

/** The element the last scroll was asked of. */
const scrolledTo = () => scrollIntoView.mock.contexts.at(-1) as HTMLElement | undefined;

describe('AnimeComments: a #comment-<id> link', () => {
  it('scrolls to a comment on the loaded page and highlights it, without asking for it again', async () => {
    const api = mockApi({ [LIST]: ok(loadedPage) });
    renderAt('/anime/1#comment-r1');

    await waitFor(() => expect(scrollIntoView).toHaveBeenCalledTimes(1));
    const reply = document.getElementById('comment-r1');
    expect(scrolledTo()).toBe(reply);
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'center' });
    expect(reply).toHaveTextContent('Ответ в загруженной ветке');
    expect(reply).toHaveClass('comment--highlighted');
    expect(document.getElementById('comment-t1')).not.toHaveClass('comment--highlighted');
    expect(screen.queryByRole('region', { name: 'Комментарий по ссылке' })).not.toBeInTheDocument();
    expect(api.calls.filter((call) => call.path.startsWith('/api/comments/'))).toHaveLength(0);
  });

  it('jumps without a smooth scroll for a viewer who asks for reduced motion', async () => {
    const matchMedia = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...matchMedia(query), matches: query === '(prefers-reduced-motion: reduce)' })) as typeof window.matchMedia;
    try {
      mockApi({ [LIST]: ok(loadedPage) });
      renderAt('/anime/1#comment-t1');
      await waitFor(() => expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'auto', block: 'center' }));
      expect(scrolledTo()).toBe(document.getElementById('comment-t1'));
    } finally {
      window.matchMedia = matchMedia;
    }
  });

  it('reads a comment the loaded pages do not hold into «Комментарий по ссылке», with a link to its thread', async () => {
    const deep = makeNode({ id: 'deep', parentId: 'mid', threadParentId: 'mid', depth: 2, content: 'Ответ глубоко в старой ветке' });
    const api = mockApi({
      [LIST]: ok(loadedPage),
      'GET /api/comments/deep': ok(deep),
      'GET /api/comments/mid': ok(makeNode({ id: 'mid', parentId: 'root', threadParentId: 'root', depth: 1, children: [deep] })),
    });
    renderAt('/anime/1#comment-deep');

    const box = await screen.findByRole('region', { name: 'Комментарий по ссылке' });
    expect(await within(box).findByText('Ответ глубоко в старой ветке')).toBeInTheDocument();
    await waitFor(() => expect(scrolledTo()).toBe(document.getElementById('comment-deep')));
    expect(document.getElementById('comment-deep')).toHaveClass('comment--highlighted');
    // Its thread: up through the display parents (depth 2 → 1 → the thread).
    expect(await within(box).findByRole('link', { name: 'Перейти к ветке' })).toHaveAttribute('href', '/anime/1#comment-root');
    expect(api.callsTo('GET /api/comments/deep')).toHaveLength(1);
    // The box sits above the threads.
    const threads = screen.getByText('Ветка на первой странице');
    expect(box.compareDocumentPosition(threads) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('says so when the linked comment is gone', async () => {
    mockApi({ [LIST]: ok(loadedPage), 'GET /api/comments/gone': fail(404, ErrorCode.NotFound, COMMENT_MESSAGES.notFound) });
    renderAt('/anime/1#comment-gone');
    const box = await screen.findByRole('region', { name: 'Комментарий по ссылке' });
    expect(await within(box).findByText('Комментарий не найден')).toBeInTheDocument();
    expect(scrollIntoView).not.toHaveBeenCalled();
  });
});
