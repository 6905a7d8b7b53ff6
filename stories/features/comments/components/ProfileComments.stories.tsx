import { ErrorCode, type LatestComment, type UserCommentPage } from '@portal/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import ProfileComments from '../../../../web/src/features/comments/components/ProfileComments';
import { makeComment, minutesAgo } from '../../../../web/src/features/comments/testing/comment-fixtures';
import { animeRef } from '../../../../web/src/features/library/testing/library-fixtures';
import type { MockRequest } from '../../../../web/src/test/mock-api';
import { fail, ok, userSession } from '../../../support/fixtures';

const LIST = 'GET /api/users/profile/hinata/comments';
const hinata = { id: 'u-2', username: 'hinata', displayName: 'Хината', avatar: null, rank: 'знаток' };

/** A comment of the profile as the server sends it: the latest feed's item, with its title. */
const profileComment = (overrides: Partial<LatestComment> = {}): LatestComment => {
  const comment = makeComment({ author: hinata, ...overrides });
  return { ...comment, anime: overrides.anime === undefined ? animeRef(comment.animeId ?? 1) : overrides.anime };
};
const page = (items: LatestComment[], nextCursor: string | null = null): UserCommentPage => ({ items, nextCursor });

/** A plain comment with a link, a spoiler withheld from this viewer, and a reply. */
const sample = () => [
  profileComment({
    id: 'c-3',
    animeId: 1,
    target: { type: 'anime', id: '1' },
    content: 'Обзор тут: https://example.com/review <script>alert(1)</script>',
    likes: 4,
    createdAt: minutesAgo(5),
  }),
  profileComment({
    id: 'c-2',
    animeId: 20,
    target: { type: 'anime', id: '20' },
    content: null,
    spoiler: { episode: 2, at: 300, hidden: true },
    createdAt: minutesAgo(90),
  }),
  profileComment({
    id: 'c-1',
    animeId: 1,
    target: { type: 'anime', id: '1' },
    parentId: 'c-0',
    threadParentId: 'c-0',
    depth: 1,
    content: 'Согласна!',
    createdAt: minutesAgo(60 * 30),
  }),
];

const meta = {
  title: 'features/comments/components/ProfileComments',
  component: ProfileComments,
  args: { username: 'hinata', own: false },
  parameters: { session: userSession, mockApi: { [LIST]: ok(page(sample())) } },
} satisfies Meta<typeof ProfileComments>;

export default meta;
type Story = StoryObj<typeof meta>;

const items = async () => within(await screen.findByRole('list', { name: 'Комментарии пользователя' })).getAllByRole('article');

/** Grey rows while the first page loads; screen readers hear what is loading. */
export const Loading: Story = {
  parameters: { mockApi: { [LIST]: { hang: true } } },
  play: async ({ canvasElement }) => {
    await expect(await screen.findByRole('status')).toHaveTextContent('Загрузка комментариев...');
    await expect(canvasElement.querySelectorAll('.list-skeleton__row').length).toBeGreaterThan(0);
  },
};

/** Someone else's profile without comments. */
export const Empty: Story = {
  parameters: { mockApi: { [LIST]: ok(page([])) } },
  play: async () => {
    await expect(await screen.findByRole('heading', { name: 'Комментариев нет' })).toBeInTheDocument();
    await expect(screen.getByText('Пользователь ещё не оставлял комментариев.')).toBeInTheDocument();
    await expect(screen.queryByRole('link', { name: 'В каталог' })).not.toBeInTheDocument();
  },
};

/** One's own profile without comments: where to start. */
export const EmptyOwn: Story = {
  args: { own: true },
  parameters: { mockApi: { [LIST]: ok(page([])) } },
  play: async () => {
    await expect(await screen.findByText(/Вы ещё не оставляли комментариев/)).toBeInTheDocument();
    await expect(screen.getByRole('link', { name: 'В каталог' })).toHaveAttribute('href', '/catalog');
  },
};

/** Newest first, each a link to the comment on its title's page; text with links but never HTML; a hidden spoiler shows its label only. */
export const List: Story = {
  play: async () => {
    const [first, spoiler, reply] = await items();
    const plain = within(first!);
    await expect(plain.getByRole('link', { name: 'Стальной алхимик: Братство' })).toHaveAttribute('href', '/anime/1#comment-c-3');
    await expect(plain.getByRole('link', { name: 'https://example.com/review' })).toHaveAttribute('rel', 'nofollow ugc noopener');
    await expect(plain.getByText(/<script>alert\(1\)<\/script>/)).toBeInTheDocument();
    await expect(plain.getByText('Нравится: 4')).toBeInTheDocument();

    await expect(within(spoiler!).getByRole('link', { name: 'Наруто' })).toHaveAttribute('href', '/anime/20#comment-c-2');
    await expect(within(spoiler!).getByText('Спойлер к серии 2, 05:00')).toBeInTheDocument();

    await expect(within(reply!).getByText('ответ')).toBeInTheDocument();
    await expect(within(reply!).getByText('Согласна!')).toBeInTheDocument();
  },
};

/** The author (or an admin) gets a spoiler's text, marked as a spoiler. */
export const OwnSpoiler: Story = {
  args: { own: true },
  parameters: {
    mockApi: {
      [LIST]: ok(
        page([
          profileComment({
            id: 'c-9',
            animeId: 20,
            target: { type: 'anime', id: '20' },
            content: 'Хината победит',
            spoiler: { episode: 2, at: 300, hidden: false },
          }),
        ]),
      ),
    },
  },
  play: async () => {
    const [item] = await items();
    await expect(within(item!).getByText('Спойлер к серии 2, 05:00')).toBeInTheDocument();
    await expect(within(item!).getByText('Хината победит')).toBeInTheDocument();
  },
};

/** The list fails, «Повторить» asks again and shows it. */
export const LoadError: Story = {
  parameters: { mockApi: { [LIST]: [fail(503, ErrorCode.ServiceUnavailable, 'Сервис временно недоступен, попробуйте позже'), ok(page(sample()))] } },
  play: async () => {
    await expect(await screen.findByRole('heading', { name: 'Не удалось загрузить комментарии' })).toBeInTheDocument();
    await expect(screen.getByText('Сервис временно недоступен, попробуйте позже')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    await expect(await items()).toHaveLength(3);
  },
};

/** More than a page: «Показать ещё» sends the cursor and appends the older comments. */
export const ManyPages: Story = {
  parameters: {
    mockApi: {
      [LIST]: (request: MockRequest) =>
        request.query.get('cursor') === 'next-1'
          ? ok(page([profileComment({ id: 'c-old', content: 'Самый старый', createdAt: minutesAgo(60 * 24 * 40) })]))
          : ok(page(sample(), 'next-1')),
    },
  },
  play: async () => {
    await expect(await items()).toHaveLength(3);
    await userEvent.click(screen.getByRole('button', { name: 'Показать ещё' }));
    await waitFor(async () => expect(await items()).toHaveLength(4));
    await expect(screen.getByText('Самый старый')).toBeInTheDocument();
    await expect(screen.queryByRole('button', { name: 'Показать ещё' })).not.toBeInTheDocument();
  },
};
