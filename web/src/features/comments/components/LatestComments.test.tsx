import { ErrorCode } from '@portal/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../../test/mock-api';
import { mockApiPerTest } from '../../../test/mock-api-per-test';
import { renderWithApp } from '../../../test/render';
import { makeLatest, minutesAgo } from '../testing/comment-fixtures';
import { LatestComments } from './LatestComments';

const mockApi = mockApiPerTest();
const LATEST = 'GET /api/comments/latest';
const hinata = { id: 'u-2', username: 'hinata', displayName: 'Хината', avatar: null, rank: 'новичок' };

describe('LatestComments', () => {
  it('shows a spoiler hidden from the viewer as its label, in text, and links each title to the comment', async () => {
    const api = mockApi({
      [LATEST]: ok([
        makeLatest({
          id: 'c-spoiler',
          animeId: 20,
          anime: null,
          author: hinata,
          content: null,
          spoiler: { episode: 2, at: 300, hidden: true },
          createdAt: minutesAgo(5),
        }),
        makeLatest({ id: 'c-plain', animeId: 1, content: '<b>Жирный?</b> https://example.com', createdAt: minutesAgo(60 * 3) }),
      ]),
    });
    renderWithApp(<LatestComments />);

    const list = await screen.findByRole('list', { name: 'Последние комментарии' });
    const [spoiler, plain] = within(list).getAllByRole('article');
    expect(spoiler).toHaveAccessibleName('Хината об аниме «Аниме»');
    expect(within(spoiler!).getByText('Спойлер к серии 2, 05:00')).toBeInTheDocument();
    expect(within(spoiler!).getByRole('link', { name: 'Аниме' })).toHaveAttribute('href', '/anime/20#comment-c-spoiler');
    expect(within(spoiler!).getByText('5 минут назад')).toBeInTheDocument();
    expect(within(spoiler!).getByRole('link', { name: 'Хината' })).toHaveAttribute('href', '/user/hinata');

    // Text stays text: the tags are shown as typed, the address is a link that endorses nothing.
    expect(within(plain!).getByText(/<b>Жирный\?<\/b>/)).toBeInTheDocument();
    expect(plain!.querySelector('b')).toBeNull();
    expect(within(plain!).getByRole('link', { name: 'https://example.com' })).toHaveAttribute('rel', 'nofollow ugc noopener');
    expect(within(plain!).getByRole('link', { name: 'Стальной алхимик: Братство' })).toHaveAttribute('href', '/anime/1#comment-c-plain');
    expect(api.callsTo(LATEST)[0]?.query.get('limit')).toBe('10');
  });

  it('holds its place with a skeleton of ten cards while loading', async () => {
    mockApi({ [LATEST]: { hang: true } });
    renderWithApp(<LatestComments />);
    const skeleton = await screen.findByRole('list', { name: 'Загрузка комментариев...' });
    expect(skeleton).toHaveAttribute('aria-busy', 'true');
    expect(skeleton.querySelectorAll('.latest-comment')).toHaveLength(10);
  });

  it('says when there are none, and retries after a failure', async () => {
    mockApi({ [LATEST]: [fail(503, ErrorCode.ServiceUnavailable, 'Сервис временно недоступен'), ok([])] });
    const user = userEvent.setup();
    renderWithApp(<LatestComments />);
    expect(await screen.findByText('Не удалось загрузить последние комментарии')).toBeInTheDocument();
    expect(screen.getByText('Сервис временно недоступен')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText('Комментариев пока нет')).toBeInTheDocument();
  });
});
