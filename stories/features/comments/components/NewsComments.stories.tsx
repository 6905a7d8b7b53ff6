import { ErrorCode, NEWS_MESSAGES } from '@portal/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import NewsComments from '../../../../web/src/features/comments/components/NewsComments';
import { makeComment, makePage, makeThread } from '../../../../web/src/features/comments/testing/comment-fixtures';
import type { MockRequest } from '../../../../web/src/test/mock-api';
import { fail, ok, userSession } from '../../../support/fixtures';
import { me, threadsWithReplies } from '../comments-story-helpers';

const NEWS = '00000000-0000-4000-8000-000000000007';
const LIST = `GET /api/news/${NEWS}/comments`;
const POST = `POST /api/news/${NEWS}/comments`;
const posted: MockRequest[] = [];

const meta = {
  title: 'features/comments/components/NewsComments',
  component: NewsComments,
  args: { newsId: NEWS },
  parameters: { mockApi: { [LIST]: ok(makePage([makeThread({ content: 'Ждём сезон! <script>alert(1)</script>' })])) } },
  beforeEach: () => {
    posted.length = 0;
  },
} satisfies Meta<typeof NewsComments>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  parameters: { mockApi: { [LIST]: { hang: true } } },
  play: async () => {
    await expect(await screen.findByText('Загрузка комментариев...')).toBeInTheDocument();
  },
};

export const Empty: Story = {
  parameters: { mockApi: { [LIST]: ok(makePage([])) } },
  play: async () => {
    await expect(await screen.findByText('Комментариев пока нет. Напишите первым!')).toBeInTheDocument();
    await expect(screen.getByText('Войдите, чтобы комментировать')).toBeInTheDocument();
  },
};

export const LoadError: Story = {
  parameters: { mockApi: { [LIST]: fail(404, ErrorCode.NotFound, NEWS_MESSAGES.notFound) } },
  play: async () => {
    await expect(await screen.findByText('Не удалось загрузить комментарии')).toBeInTheDocument();
  },
};

/** A comment is shown as text: markup in it stays text. */
export const WithComments: Story = {
  play: async () => {
    await expect(await screen.findByText('Ждём сезон! <script>alert(1)</script>')).toBeInTheDocument();
    await expect(document.querySelector('.comments script')).toBeNull();
  },
};

/** A signed-in reader posts to the news item's own comments address (no spoiler moment: news has no episodes); the comment shows at once. */
export const Posting: Story = {
  parameters: {
    session: userSession,
    mockApi: {
      [POST]: (request: MockRequest) => {
        posted.push(request);
        return ok(makeThread({ content: 'Первый!' }), 201);
      },
    },
  },
  play: async () => {
    await userEvent.type(await screen.findByRole('textbox', { name: 'Текст комментария' }), 'Первый!');
    await userEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    await waitFor(() => expect(posted.map((request) => request.body)).toEqual([{ content: 'Первый!' }]));
    await expect(await screen.findByText('Первый!')).toBeInTheDocument();
    await expect(screen.queryByRole('checkbox', { name: 'Спойлер к серии' })).not.toBeInTheDocument();
  },
};

const commentBy = (name: string) => screen.getAllByRole('article', { name: `Комментарии: ${name}` })[0]!;
const threadWith = (text: string) => screen.getByText(text).closest('article')!;

/** Threads with replies nested three deep and likes, as under a title. */
export const WithReplies: Story = {
  parameters: {
    session: userSession,
    mockApi: { [LIST]: ok(makePage(threadsWithReplies())), 'POST /api/comments/t2/like': ok({ id: 't2', likes: 4, likedByMe: true }) },
  },
  play: async () => {
    await screen.findByText(/Финал 2 сезона лучший!/);
    await expect(screen.getByText('Спорно').closest('article')).toHaveAttribute('data-depth', '3');
    const like = within(commentBy('Хината')).getAllByRole('button', { name: /Нравится/ })[0]!;
    await userEvent.click(like);
    await waitFor(() => expect(like).toHaveAttribute('aria-pressed', 'true'));
    await expect(like).toHaveTextContent('4');
  },
};

/** A reply goes to the news item's address with its parentId and shows under the comment it answers. */
export const ReplyPosted: Story = {
  parameters: {
    session: userSession,
    mockApi: {
      [LIST]: ok(makePage(threadsWithReplies())),
      [POST]: (request: MockRequest) => (
        posted.push(request),
        ok(makeComment({ id: 'reply-1', parentId: 't1', threadParentId: 't1', depth: 1, author: me, content: 'Я впервые!' }), 201)
      ),
    },
  },
  play: async () => {
    await screen.findByText('Кто смотрит в первый раз?');
    const thread = threadWith('Кто смотрит в первый раз?');
    await userEvent.click(within(thread).getByRole('button', { name: 'Ответить' }));
    await expect(within(thread).queryByRole('checkbox', { name: 'Спойлер к серии' })).not.toBeInTheDocument();
    await userEvent.type(within(thread).getByRole('textbox', { name: 'Ответ naruto' }), 'Я впервые!');
    await userEvent.click(within(thread).getByRole('button', { name: 'Отправить' }));
    await expect((await within(thread).findByText('Я впервые!')).closest('article')).toHaveAttribute('data-depth', '1');
    await expect(posted.map((request) => request.body)).toEqual([{ content: 'Я впервые!', parentId: 't1' }]);
  },
};

/** The author edits their own comment in place. */
export const EditOwn: Story = {
  parameters: {
    session: userSession,
    mockApi: {
      [LIST]: ok(makePage(threadsWithReplies())),
      'PUT /api/comments/r1': ok(makeComment({ id: 'r1', author: me, content: 'Согласна, но первый тоже хорош', editedAt: new Date().toISOString() })),
    },
  },
  play: async () => {
    await screen.findByText('Полностью согласна');
    await userEvent.click(within(commentBy('Сакура')).getByRole('button', { name: 'Изменить' }));
    const field = within(commentBy('Сакура')).getByRole('textbox', { name: 'Текст комментария' });
    await userEvent.clear(field);
    await userEvent.type(field, 'Согласна, но первый тоже хорош');
    await userEvent.click(within(commentBy('Сакура')).getByRole('button', { name: 'Сохранить' }));
    await expect(await screen.findByText('Согласна, но первый тоже хорош')).toBeInTheDocument();
  },
};

/** The author deletes through the confirm dialog; the replies stay under the placeholder. */
export const DeleteConfirmed: Story = {
  parameters: { session: userSession, mockApi: { [LIST]: ok(makePage(threadsWithReplies())), 'DELETE /api/comments/r1': ok({ id: 'r1', deleted: true }) } },
  play: async () => {
    await screen.findByText('Полностью согласна');
    await userEvent.click(within(commentBy('Сакура')).getByRole('button', { name: 'Удалить' }));
    const dialog = await screen.findByRole('dialog', { name: 'Удалить комментарий?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(screen.getByRole('article', { name: 'Комментарий удалён' })).toBeInTheDocument();
    await expect(screen.getByText('А мне больше первый')).toBeInTheDocument();
  },
};

/** Held after reports (docs/moderation.md): others see «Скрыто до проверки модератором» and no text. */
export const HeldForOthers: Story = {
  parameters: { session: userSession, mockApi: { [LIST]: ok(makePage([makeThread({ content: null, held: true })])) } },
  play: async () => {
    const comment = within(await screen.findByRole('article', { name: /^Комментарии: / }));
    await expect(comment.getByText('Скрыто до проверки модератором')).toBeInTheDocument();
  },
};

/** «Пожаловаться» on another's comment sends its id and the chosen reason. */
export const Reporting: Story = {
  parameters: {
    session: userSession,
    mockApi: {
      'POST /api/reports': (request: MockRequest) => {
        posted.push(request);
        return ok(
          { id: 'r-1', target: { type: 'comment', id: 'c' }, reason: 'offence', message: 'Жалоба отправлена — спасибо! Модераторы её рассмотрят' },
          201,
        );
      },
    },
  },
  play: async () => {
    const comment = within(await screen.findByRole('article', { name: /^Комментарии: / }));
    await userEvent.click(comment.getByRole('button', { name: 'Пожаловаться на комментарий' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Пожаловаться' }));
    await userEvent.click(dialog.getByRole('radio', { name: 'Оскорбления' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Отправить жалобу' }));
    await expect(await dialog.findByText('Жалоба отправлена')).toBeInTheDocument();
    await waitFor(() => expect(posted[0]?.body).toMatchObject({ target: { type: 'comment' }, reason: 'offence' }));
  },
};
