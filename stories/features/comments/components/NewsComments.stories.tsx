import { ErrorCode, NEWS_MESSAGES } from '@portal/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor } from 'storybook/test';
import NewsComments from '../../../../web/src/features/comments/components/NewsComments';
import { makePage, makeThread } from '../../../../web/src/features/comments/testing/comment-fixtures';
import type { MockRequest } from '../../../../web/src/test/mock-api';
import { fail, ok, userSession } from '../../../support/fixtures';

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

/** A signed-in reader posts; the list is read again. */
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
  },
};
