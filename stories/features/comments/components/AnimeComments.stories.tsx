import { BAN_MESSAGES, COMMENT_CONTENT_MAX, COMMENT_MESSAGES, ErrorCode } from '@portal/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { AnimeComments } from '../../../../web/src/features/comments/components/AnimeComments';
import { animeDetails } from '../../../../web/src/features/catalogue/testing/catalogue-fixtures';
import { fakeCommentsConnector, makeComment, makeNode, makePage, makeThread, minutesAgo } from '../../../../web/src/features/comments/testing/comment-fixtures';
import type { MockRequest } from '../../../../web/src/test/mock-api';
import { fail, ok, userSession } from '../../../support/fixtures';
import { hinata, live, me, naruto, threadsWithReplies, withFakeCommentsSocket } from '../comments-story-helpers';

const LIST = 'GET /api/anime/1/comments';
const POST = 'POST /api/comments';
const anime = animeDetails({ id: 1, episodes: 64 });

const meta = {
  title: 'features/comments/components/AnimeComments',
  component: AnimeComments,
  args: { anime },
  parameters: { session: userSession, mockApi: { [LIST]: ok(makePage(threadsWithReplies())) } },
  decorators: [withFakeCommentsSocket],
  beforeEach: () => {
    live.socket = fakeCommentsConnector();
  },
} satisfies Meta<typeof AnimeComments>;

export default meta;
type Story = StoryObj<typeof meta>;

const section = () => screen.findByRole('region', { name: 'Комментарии' });
const commentBy = (name: string, index = 0) => screen.getAllByRole('article', { name: `Комментарии: ${name}` })[index]!;
/** The comment itself, without the replies nested in its article. */
const own = (article: HTMLElement) => within(article.querySelector<HTMLElement>(':scope > .comment__row')!);
const textarea = (name = 'Текст комментария') => screen.getByRole('textbox', { name });

export const Loading: Story = {
  parameters: { mockApi: { [LIST]: { hang: true } } },
  play: async () => {
    await section();
    await expect(await screen.findByText('Загрузка комментариев...')).toBeInTheDocument();
  },
};

export const Empty: Story = {
  parameters: { mockApi: { [LIST]: ok(makePage([])) } },
  play: async () => {
    await expect(await screen.findByText('Комментариев пока нет. Напишите первым!')).toBeInTheDocument();
    // Live: subscribed to the title's room once connected.
    await waitFor(() => expect(live.socket.sent).toContainEqual(['subscribe', { animeId: 1 }]));
  },
};

export const LoadError: Story = {
  parameters: { mockApi: { [LIST]: fail(503, ErrorCode.ServiceUnavailable, 'Сервис временно недоступен') } },
  play: async () => {
    await expect(await screen.findByText('Не удалось загрузить комментарии')).toBeInTheDocument();
    await expect(screen.getByText('Сервис временно недоступен')).toBeInTheDocument();
    await expect(screen.getByRole('button', { name: 'Повторить' })).toBeEnabled();
  },
};

/** Threads newest first, replies nested three deep, links made safe, likes toggled at once, «Показать ещё». */
export const WithReplies: Story = {
  parameters: {
    mockApi: {
      [LIST]: (request: MockRequest) =>
        request.query.get('cursor') === 'next-page'
          ? ok(makePage([makeThread({ id: 't0', author: hinata, content: 'Самый старый комментарий', createdAt: minutesAgo(60 * 24 * 30) })]))
          : ok(makePage(threadsWithReplies(), 'next-page')),
      'POST /api/comments/t2/like': ok({ id: 't2', likes: 4, likedByMe: true }),
    },
  },
  play: async () => {
    await screen.findByText(/Финал 2 сезона лучший!/);
    const threads = within(await section())
      .getAllByRole('listitem')
      .filter((item) => item.parentElement?.classList.contains('comment-list') && !item.parentElement.classList.contains('comment-list--replies'));
    await expect(threads).toHaveLength(2);
    const first = commentBy('Хината');
    await expect(within(first).getAllByRole('link', { name: 'Хината' })[0]).toHaveAttribute('href', '/user/hinata');
    await expect(within(first).getByText('5 минут назад')).toBeInTheDocument();
    const link = within(first).getByRole('link', { name: 'https://example.com/review' });
    await expect(link).toHaveAttribute('rel', 'nofollow ugc noopener');
    await expect(link).toHaveAttribute('target', '_blank');
    // Depth 1..3, with «изменено» and the answer past the cap naming whom it answers.
    await expect(commentBy('Сакура')).toHaveAttribute('data-depth', '1');
    await expect(within(commentBy('Сакура')).getByText('изменено')).toBeInTheDocument();
    await expect(commentBy('Наруто')).toHaveAttribute('data-depth', '2');
    await expect(commentBy('Хината', 1)).toHaveAttribute('data-depth', '3');
    await expect(screen.getByText('в ответ @hinata')).toBeInTheDocument();
    // Own comment: edit and delete, no like.
    await expect(own(commentBy('Сакура')).getByRole('button', { name: 'Изменить' })).toBeInTheDocument();
    await expect(own(commentBy('Сакура')).getByRole('button', { name: /^Нравится/ })).toBeDisabled();
    await expect(own(commentBy('Наруто')).queryByRole('button', { name: 'Изменить' })).not.toBeInTheDocument();

    await userEvent.click(within(first).getByRole('button', { name: 'Нравится (3)' }));
    await expect(await within(first).findByRole('button', { name: 'Убрать отметку «нравится» (4)' })).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(screen.getByRole('button', { name: 'Показать ещё' }));
    await expect(await screen.findByText('Самый старый комментарий')).toBeInTheDocument();
    await expect(screen.queryByRole('button', { name: 'Показать ещё' })).not.toBeInTheDocument();
  },
};

/** A failed like goes back, with a toast saying why. */
export const LikeRefused: Story = {
  parameters: {
    mockApi: { [LIST]: ok(makePage(threadsWithReplies())), 'POST /api/comments/t2/like': fail(404, ErrorCode.NotFound, COMMENT_MESSAGES.notFound) },
  },
  play: async () => {
    await screen.findByText(/Финал 2 сезона лучший!/);
    await userEvent.click(within(commentBy('Хината')).getByRole('button', { name: 'Нравится (3)' }));
    await expect(await screen.findByText('Не удалось оценить комментарий')).toBeInTheDocument();
    await expect(within(commentBy('Хината')).getByRole('button', { name: 'Нравится (3)' })).toHaveAttribute('aria-pressed', 'false');
  },
};

export const DeletedPlaceholder: Story = {
  parameters: {
    mockApi: {
      [LIST]: ok(
        makePage([
          makeThread({
            id: 't3',
            deleted: true,
            content: null,
            replies: 1,
            children: [makeNode({ id: 'r9', parentId: 't3', threadParentId: 't3', depth: 1, author: naruto, content: 'Ответ остался' })],
          }),
        ]),
      ),
    },
  },
  play: async () => {
    const placeholder = await screen.findByRole('article', { name: 'Комментарий удалён' });
    await expect(within(placeholder).getByText('Комментарий удалён')).toBeInTheDocument();
    // No author, no actions: only the placeholder and the replies under it.
    await expect(placeholder.querySelector(':scope > .comment__row')).toBeNull();
    await expect(within(placeholder).getByText('Ответ остался')).toBeInTheDocument();
  },
};

const hiddenSpoiler = makeThread({ id: 't5', author: hinata, content: null, spoiler: { episode: 2, at: 300, hidden: true } });

export const SpoilerHidden: Story = {
  parameters: { mockApi: { [LIST]: ok(makePage([hiddenSpoiler])) } },
  play: async () => {
    const comment = await screen.findByRole('article', { name: 'Комментарии: Хината' });
    await expect(within(comment).getByText('Спойлер к серии 2, 05:00')).toBeInTheDocument();
    await expect(within(comment).getByRole('button', { name: 'Показать' })).toBeEnabled();
  },
};

/** «Показать» reads the comment again with ?reveal=<id> and shows its text under the spoiler's label. */
export const SpoilerRevealed: Story = {
  parameters: {
    mockApi: {
      [LIST]: ok(makePage([hiddenSpoiler])),
      'GET /api/comments/t5': (request: MockRequest) =>
        request.query.get('reveal') === 't5'
          ? ok(makeNode({ ...hiddenSpoiler, content: 'Во 2 серии Хьюз погибает', spoiler: { episode: 2, at: 300, hidden: false } }))
          : fail(400, ErrorCode.ValidationFailed, 'no reveal'),
    },
  },
  play: async () => {
    const comment = await screen.findByRole('article', { name: 'Комментарии: Хината' });
    await userEvent.click(within(comment).getByRole('button', { name: 'Показать' }));
    await expect(await within(comment).findByText('Во 2 серии Хьюз погибает')).toBeInTheDocument();
    await expect(within(comment).getByText('Спойлер к серии 2, 05:00')).toBeInTheDocument();
    await expect(within(comment).queryByRole('button', { name: 'Показать' })).not.toBeInTheDocument();
  },
};

export const Guest: Story = {
  parameters: { session: null },
  play: async () => {
    await screen.findByText(/Финал 2 сезона лучший!/);
    await expect(screen.getByText('Войдите, чтобы комментировать')).toBeInTheDocument();
    await expect(screen.getByRole('link', { name: 'Войти' })).toHaveAttribute('href', '/login');
    await expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    await expect(screen.queryByRole('button', { name: 'Ответить' })).not.toBeInTheDocument();
    await userEvent.click(within(commentBy('Хината')).getByRole('button', { name: 'Нравится (3)' }));
    await expect(await screen.findByText('Войдите, чтобы оценивать комментарии')).toBeInTheDocument();
    await expect(within(commentBy('Хината')).getByRole('button', { name: 'Нравится (3)' })).toBeInTheDocument();
  },
};

/** A new comment with a spoiler moment: the live count, then the comment at the top; its socket echo is not doubled. */
export const PostWithSpoiler: Story = {
  parameters: {
    mockApi: {
      [LIST]: ok(makePage(threadsWithReplies())),
      [POST]: (request: MockRequest) =>
        ok(
          makeComment({
            id: 'new-1',
            author: me,
            content: (request.body as { content: string }).content,
            spoiler: { episode: 2, at: 300, hidden: false },
            createdAt: new Date().toISOString(),
          }),
          201,
        ),
    },
  },
  play: async () => {
    await screen.findByText(/Финал 2 сезона лучший!/);
    await userEvent.type(textarea(), 'Ну и поворот');
    await expect(screen.getByText(`12 / ${COMMENT_CONTENT_MAX}`)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Спойлер к серии' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Серия' }), '2');
    await userEvent.type(screen.getByRole('textbox', { name: 'Момент (ММ:СС)' }), '05:00');
    await userEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    const mine = await screen.findByText('Ну и поворот');
    await expect(within(mine.closest('article')!).getByText('Спойлер к серии 2, 05:00')).toBeInTheDocument();
    await expect(textarea()).toHaveValue('');
    // The socket's push of the same comment (as a guest sees it) changes nothing.
    live.socket.push(makeComment({ id: 'new-1', author: me, content: null, spoiler: { episode: 2, at: 300, hidden: true } }));
    await expect(screen.getAllByText('Ну и поворот')).toHaveLength(1);
  },
};

/** Others' comments arrive live: a thread at the top, a reply under its parent. */
export const LiveComments: Story = {
  play: async () => {
    await screen.findByText(/Финал 2 сезона лучший!/);
    await waitFor(() => expect(live.socket.sent).toContainEqual(['subscribe', { animeId: 1 }]));
    live.socket.push(makeComment({ id: 'live-1', author: naruto, content: 'Только что досмотрел!', createdAt: new Date().toISOString() }));
    live.socket.push(makeComment({ id: 'live-2', parentId: 't1', threadParentId: 't1', depth: 1, author: hinata, content: 'Я тоже впервые' }));
    live.socket.push(makeComment({ id: 'live-2', parentId: 't1', threadParentId: 't1', depth: 1, author: hinata, content: 'Я тоже впервые' }));
    const first = await screen.findByText('Только что досмотрел!');
    await expect(first.closest('article')).toHaveAttribute('data-depth', '0');
    await expect(screen.getAllByText('Я тоже впервые')).toHaveLength(1);
    await expect(screen.getByText('Я тоже впервые').closest('article')).toHaveAttribute('data-depth', '1');
    const articles = screen.getAllByRole('article');
    await expect(articles[0]).toHaveTextContent('Только что досмотрел!');
  },
};

const threadWith = (text: string) => screen.getByText(text).closest('article')!;

/** «Ответить» opens the reply form under the comment, focused, named after the author. */
export const ReplyFormOpen: Story = {
  play: async () => {
    await screen.findByText('Кто смотрит в первый раз?');
    const thread = threadWith('Кто смотрит в первый раз?');
    await userEvent.click(within(thread).getByRole('button', { name: 'Ответить' }));
    await expect(within(thread).getByRole('button', { name: 'Ответить' })).toHaveAttribute('aria-expanded', 'true');
    await expect(within(thread).getByRole('textbox', { name: 'Ответ naruto' })).toHaveFocus();
    await expect(within(thread).getByRole('checkbox', { name: 'Спойлер к серии' })).not.toBeChecked();
    await expect(within(thread).getByRole('button', { name: 'Отправить' })).toBeDisabled();
  },
};

/** The reply is posted with its parentId and shown under the comment; the form closes. */
export const ReplyPosted: Story = {
  parameters: {
    mockApi: {
      [LIST]: ok(makePage(threadsWithReplies())),
      [POST]: (request: MockRequest) =>
        (request.body as { parentId?: string }).parentId === 't1'
          ? ok(makeComment({ id: 'reply-1', parentId: 't1', threadParentId: 't1', depth: 1, author: me, content: 'Я впервые!' }), 201)
          : fail(400, ErrorCode.ValidationFailed, COMMENT_MESSAGES.parentNotFound),
    },
  },
  play: async () => {
    await screen.findByText('Кто смотрит в первый раз?');
    const thread = threadWith('Кто смотрит в первый раз?');
    await userEvent.click(within(thread).getByRole('button', { name: 'Ответить' }));
    await userEvent.type(within(thread).getByRole('textbox', { name: 'Ответ naruto' }), 'Я впервые!');
    await userEvent.click(within(thread).getByRole('button', { name: 'Отправить' }));
    const reply = await within(thread).findByText('Я впервые!');
    await expect(reply.closest('article')).toHaveAttribute('data-depth', '1');
    await expect(within(thread).queryByRole('textbox', { name: 'Ответ naruto' })).not.toBeInTheDocument();
  },
};

/** The server's field message under the field (here the episode), its general ones above the button. */
export const FormError: Story = {
  parameters: {
    mockApi: {
      [LIST]: ok(makePage([])),
      [POST]: fail(400, ErrorCode.ValidationFailed, 'Ошибка валидации', [{ field: 'episode', message: COMMENT_MESSAGES.episodeBeyondTotal }]),
    },
  },
  play: async () => {
    await screen.findByText('Комментариев пока нет. Напишите первым!');
    await userEvent.type(textarea(), 'Спойлер!');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Спойлер к серии' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Серия' }), '60');
    await userEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    await expect(await screen.findByText(COMMENT_MESSAGES.episodeBeyondTotal)).toBeInTheDocument();
    await expect(screen.getByRole('textbox', { name: 'Серия' })).toHaveAttribute('aria-invalid', 'true');
    await expect(textarea()).toHaveValue('Спойлер!');
  },
};

/** Checked locally first: a moment that is not MM:SS and an over-long text send nothing. */
export const FormInvalid: Story = {
  parameters: { mockApi: { [LIST]: ok(makePage([])) } },
  play: async () => {
    await screen.findByText('Комментариев пока нет. Напишите первым!');
    await userEvent.type(textarea(), 'Текст');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Спойлер к серии' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Серия' }), '2');
    await userEvent.type(screen.getByRole('textbox', { name: 'Момент (ММ:СС)' }), '5:75');
    await userEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    await expect(await screen.findByText('Укажите момент в формате ММ:СС (например, 05:00)')).toBeInTheDocument();
    await userEvent.clear(textarea());
    await userEvent.click(textarea());
    await userEvent.paste('я'.repeat(COMMENT_CONTENT_MAX + 1));
    await expect(screen.getByText(COMMENT_MESSAGES.contentTooLong)).toBeInTheDocument();
    await expect(screen.getByRole('button', { name: 'Отправить' })).toBeDisabled();
  },
};

export const RateLimited: Story = {
  parameters: {
    mockApi: {
      [LIST]: ok(makePage([])),
      [POST]: { ...fail(429, ErrorCode.RateLimited, COMMENT_MESSAGES.rateLimited), headers: { 'Retry-After': '3' } },
    },
  },
  play: async () => {
    await screen.findByText('Комментариев пока нет. Напишите первым!');
    await userEvent.type(textarea(), 'Ещё один');
    await userEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    await expect(await screen.findByText('Вы комментируете слишком часто, подождите немного. Повторите через 3 с.')).toBeInTheDocument();
  },
};

/** A read-only user (docs/moderation.md, «Bans»): the form says why and until when, under the button. */
const READ_ONLY = BAN_MESSAGES.readOnly({ reason: 'Спойлеры', until: '2026-11-22T09:00:00.000Z' });

export const ReadOnly: Story = {
  parameters: { mockApi: { [LIST]: ok(makePage([])), [POST]: fail(403, ErrorCode.UserReadOnly, READ_ONLY) } },
  play: async () => {
    await screen.findByText('Комментариев пока нет. Напишите первым!');
    await userEvent.type(textarea(), 'Можно мне?');
    await userEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    await expect(await screen.findByText(READ_ONLY)).toBeInTheDocument();
    await expect(textarea()).toHaveValue('Можно мне?');
  },
};

/** The author's edit: the new text and «изменено». */
export const EditOwn: Story = {
  parameters: {
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
    await expect(screen.queryByText('Полностью согласна')).not.toBeInTheDocument();
  },
};

/** Delete through the confirm dialog: the comment with replies leaves its placeholder. */
export const DeleteConfirmed: Story = {
  parameters: { mockApi: { [LIST]: ok(makePage(threadsWithReplies())), 'DELETE /api/comments/r1': ok({ id: 'r1', deleted: true }) } },
  play: async () => {
    await screen.findByText('Полностью согласна');
    await userEvent.click(within(commentBy('Сакура')).getByRole('button', { name: 'Удалить' }));
    const dialog = await screen.findByRole('dialog', { name: 'Удалить комментарий?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(screen.queryByText('Полностью согласна')).not.toBeInTheDocument();
    await expect(screen.getByRole('article', { name: 'Комментарий удалён' })).toBeInTheDocument();
    await expect(screen.getByText('А мне больше первый')).toBeInTheDocument();
  },
};

/** A `#comment-<id>` link to a comment on the loaded page: it is scrolled to and highlighted for a moment. */
export const LinkedCommentInList: Story = {
  parameters: { route: '/anime/1#comment-r2' },
  play: async () => {
    await screen.findByText('А мне больше первый');
    const linked = document.getElementById('comment-r2')!;
    await expect(linked).toHaveAttribute('data-depth', '2');
    await waitFor(() => expect(linked).toHaveClass('comment--highlighted'));
    await expect(document.getElementById('comment-t2')).not.toHaveClass('comment--highlighted');
    await expect(screen.queryByRole('region', { name: 'Комментарий по ссылке' })).not.toBeInTheDocument();
  },
};

const olderReply = makeNode({
  id: 'old-r',
  parentId: 'old-t',
  threadParentId: 'old-t',
  depth: 1,
  author: naruto,
  content: 'Ответ в старой ветке',
  createdAt: minutesAgo(60 * 24 * 40),
});

/** A link to a comment the loaded pages do not hold: read on its own into «Комментарий по ссылке», above the threads, with its thread's link. */
export const LinkedCommentFetched: Story = {
  parameters: { route: '/anime/1#comment-old-r', mockApi: { 'GET /api/comments/old-r': ok(olderReply) } },
  play: async () => {
    const box = within(await screen.findByRole('region', { name: 'Комментарий по ссылке' }));
    await expect(await box.findByText('Ответ в старой ветке')).toBeInTheDocument();
    await expect(await box.findByRole('link', { name: 'Перейти к ветке' })).toHaveAttribute('href', '/anime/1#comment-old-t');
    await waitFor(() => expect(document.getElementById('comment-old-r')).toHaveClass('comment--highlighted'));
    // Its actions work there too.
    await expect(box.getByRole('button', { name: 'Ответить' })).toBeInTheDocument();
  },
};

export const LinkedCommentLoading: Story = {
  parameters: { route: '/anime/1#comment-old-r', mockApi: { 'GET /api/comments/old-r': { hang: true } } },
  play: async () => {
    const box = within(await screen.findByRole('region', { name: 'Комментарий по ссылке' }));
    await expect(box.getByText('Загрузка комментария...')).toBeInTheDocument();
  },
};

export const LinkedCommentGone: Story = {
  parameters: { route: '/anime/1#comment-gone', mockApi: { 'GET /api/comments/gone': fail(404, ErrorCode.NotFound, COMMENT_MESSAGES.notFound) } },
  play: async () => {
    const box = within(await screen.findByRole('region', { name: 'Комментарий по ссылке' }));
    await expect(await box.findByText('Комментарий не найден')).toBeInTheDocument();
  },
};

export const LinkedCommentError: Story = {
  parameters: {
    route: '/anime/1#comment-old-r',
    mockApi: { 'GET /api/comments/old-r': [fail(503, ErrorCode.ServiceUnavailable, 'Сервис временно недоступен'), ok(olderReply)] },
  },
  play: async () => {
    const box = within(await screen.findByRole('region', { name: 'Комментарий по ссылке' }));
    await expect(await box.findByText('Не удалось открыть комментарий по ссылке')).toBeInTheDocument();
    await userEvent.click(box.getByRole('button', { name: 'Повторить' }));
    await expect(await box.findByText('Ответ в старой ветке')).toBeInTheDocument();
  },
};
