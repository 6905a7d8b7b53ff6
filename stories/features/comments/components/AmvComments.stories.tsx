import { ErrorCode } from '@portal/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor } from 'storybook/test';
import AmvComments from '../../../../web/src/features/comments/components/AmvComments';
import { makePage, makeThread } from '../../../../web/src/features/comments/testing/comment-fixtures';
import type { MockRequest } from '../../../../web/src/test/mock-api';
import { fail, ok, userSession } from '../../../support/fixtures';

const AMV = '00000000-0000-4000-8000-000000000001';
const LIST = `GET /api/amv/${AMV}/comments`;
const POST = `POST /api/amv/${AMV}/comments`;
const posted: MockRequest[] = [];

const meta = {
  title: 'features/comments/components/AmvComments',
  component: AmvComments,
  args: { amvId: AMV },
  parameters: { mockApi: { [LIST]: ok(makePage([makeThread({ content: 'Отличный клип!' })])) } },
  beforeEach: () => {
    posted.length = 0;
  },
} satisfies Meta<typeof AmvComments>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  parameters: { mockApi: { [LIST]: ok(makePage([])) } },
  play: async () => {
    await expect(await screen.findByText('Комментариев пока нет. Напишите первым!')).toBeInTheDocument();
    await expect(screen.getByText('Войдите, чтобы комментировать')).toBeInTheDocument();
  },
};

export const LoadError: Story = {
  parameters: { mockApi: { [LIST]: fail(503, ErrorCode.ServiceUnavailable, 'Сервис временно недоступен') } },
  play: async () => {
    await expect(await screen.findByText('Не удалось загрузить комментарии')).toBeInTheDocument();
  },
};

/** A signed-in viewer posts to the AMV's own comments route; the comment shows at once. */
export const Posting: Story = {
  parameters: {
    session: userSession,
    mockApi: {
      [POST]: (request: MockRequest) => (posted.push(request), ok(makeThread({ id: 'c-2', content: 'Музыка огонь' }), 201)),
    },
  },
  play: async () => {
    await expect(await screen.findByText('Отличный клип!')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Текст комментария'), 'Музыка огонь');
    await userEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    await waitFor(() => expect(posted[0]?.body).toEqual({ content: 'Музыка огонь' }));
    await expect(await screen.findByText('Музыка огонь')).toBeInTheDocument();
  },
};
