import { ErrorCode } from '@portal/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, within } from 'storybook/test';
import { LatestComments } from '../../../../web/src/features/comments/components/LatestComments';
import { commentAnimeRef, makeLatest, minutesAgo } from '../../../../web/src/features/comments/testing/comment-fixtures';
import { fail, ok } from '../../../support/fixtures';
import { hinata, me, naruto } from '../comments-story-helpers';

const LATEST = 'GET /api/comments/latest';
const naruto20 = commentAnimeRef(20, 'Наруто');

/** Ten comments on several titles: a hidden spoiler, one revealed to this viewer, a link, a long text cut to two lines. */
const feed = () => [
  makeLatest({ id: 'l1', author: hinata, content: null, spoiler: { episode: 2, at: 300, hidden: true }, createdAt: minutesAgo(1) }),
  makeLatest({ id: 'l2', animeId: 20, anime: naruto20, author: naruto, content: 'Даттебайо! Обзор тут: https://example.com/review', createdAt: minutesAgo(7) }),
  makeLatest({
    id: 'l3',
    author: me,
    content: 'Я уже видела эту серию, так что мне виден текст',
    spoiler: { episode: 5, at: 754, hidden: false },
    createdAt: minutesAgo(40),
  }),
  makeLatest({
    id: 'l4',
    animeId: 20,
    anime: naruto20,
    author: hinata,
    content: 'Очень длинный комментарий. '.repeat(30).trim(),
    createdAt: minutesAgo(60 * 3),
  }),
  ...Array.from({ length: 6 }, (_, index) =>
    makeLatest({
      id: `l${index + 5}`,
      author: index % 2 ? naruto : hinata,
      content: `Комментарий №${index + 5}`,
      createdAt: minutesAgo(60 * 24 * (index + 1)),
    }),
  ),
];

const meta = {
  title: 'features/comments/components/LatestComments',
  component: LatestComments,
  // Made at request time, so the relative dates read the same however long the run takes.
  parameters: { mockApi: { [LATEST]: () => ok(feed()) } },
} satisfies Meta<typeof LatestComments>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Ten placeholder cards of the final size: the block does not grow when the comments arrive. */
export const Loading: Story = {
  parameters: { mockApi: { [LATEST]: { hang: true } } },
  play: async () => {
    await expect(screen.getByRole('heading', { name: 'Последние комментарии' })).toBeInTheDocument();
    const skeleton = await screen.findByRole('list', { name: 'Загрузка комментариев...' });
    await expect(skeleton).toHaveAttribute('aria-busy', 'true');
    await expect(skeleton.querySelectorAll('.latest-comment')).toHaveLength(10);
  },
};

export const WithComments: Story = {
  play: async () => {
    const list = await screen.findByRole('list', { name: 'Последние комментарии' });
    await expect(within(list).getAllByRole('article')).toHaveLength(10);
    const spoiler = within(list).getAllByRole('article', { name: 'Хината об аниме «Стальной алхимик: Братство»' })[0]!;
    await expect(within(spoiler).getByText('Спойлер к серии 2, 05:00')).toBeInTheDocument();
    await expect(within(spoiler).getByText('1 минуту назад')).toBeInTheDocument();
    await expect(within(spoiler).getByRole('link', { name: 'Стальной алхимик: Братство' })).toHaveAttribute('href', '/anime/1#comment-l1');
    const withLink = within(list).getByRole('article', { name: 'Наруто об аниме «Наруто»' });
    await expect(within(withLink).getByRole('link', { name: 'https://example.com/review' })).toHaveAttribute('rel', 'nofollow ugc noopener');
    await expect(within(withLink).getByText('7 минут назад')).toBeInTheDocument();
    await expect(within(list).getByText('Я уже видела эту серию, так что мне виден текст')).toBeInTheDocument();
  },
};

export const Empty: Story = {
  parameters: { mockApi: { [LATEST]: ok([]) } },
  play: async () => {
    await expect(await screen.findByText('Комментариев пока нет')).toBeInTheDocument();
  },
};

export const LoadError: Story = {
  parameters: { mockApi: { [LATEST]: [fail(503, ErrorCode.ServiceUnavailable, 'Сервис временно недоступен'), () => ok(feed())] } },
  play: async () => {
    await expect(await screen.findByText('Не удалось загрузить последние комментарии')).toBeInTheDocument();
    await expect(screen.getByText('Сервис временно недоступен')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    await expect(await screen.findByRole('list', { name: 'Последние комментарии' })).toBeInTheDocument();
  },
};
