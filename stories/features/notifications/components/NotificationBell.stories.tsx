import { ErrorCode } from '@portal/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { NotificationBell } from '../../../../web/src/features/notifications/components/NotificationBell';
import {
  fakeNotificationsConnector,
  makeNotification,
  makeNotificationPage,
  minutesAgo,
} from '../../../../web/src/features/notifications/testing/notification-fixtures';
import type { MockRequest } from '../../../../web/src/test/mock-api';
import { LocationProbe } from '../../../../web/src/test/render';
import { fail, ok, userSession } from '../../../support/fixtures';
import { live, sampleNotifications, withFakeNotificationsSocket } from '../notifications-story-helpers';

const COUNT = 'GET /api/notifications/unread-count';
const LIST = 'GET /api/notifications';
const READ = 'POST /api/notifications/read';

/** Bodies the story's fake server got at POST /api/notifications/read. */
const reads: unknown[] = [];
const readAnswer = (left: (body: unknown) => number) => (request: MockRequest) => {
  reads.push(request.body);
  return ok({ unread: left(request.body) });
};

const meta = {
  title: 'features/notifications/components/NotificationBell',
  component: NotificationBell,
  render: (args) => (
    <div style={{ display: 'flex', justifyContent: 'flex-end', padding: '1rem' }}>
      <NotificationBell {...args} />
      <LocationProbe />
    </div>
  ),
  parameters: { session: userSession, mockApi: { [COUNT]: ok({ unread: 0 }), [LIST]: ok(makeNotificationPage([])) } },
  decorators: [withFakeNotificationsSocket],
  beforeEach: () => {
    live.socket = fakeNotificationsConnector();
    reads.length = 0;
  },
} satisfies Meta<typeof NotificationBell>;

export default meta;
type Story = StoryObj<typeof meta>;

const badge = () => screen.queryByTestId('notification-badge');
const popover = () => screen.findByRole('dialog', { name: 'Уведомления' });

export const NoUnread: Story = {
  play: async () => {
    const bell = await screen.findByRole('button', { name: 'Уведомления' });
    await expect(bell).toHaveAttribute('aria-expanded', 'false');
    await expect(badge()).not.toBeInTheDocument();
    // Live: the socket is opened with the session's token.
    await waitFor(() => expect(live.socket.token).toBe('story-token'));
  },
};

export const WithUnread: Story = {
  parameters: { mockApi: { [COUNT]: ok({ unread: 5 }) } },
  play: async () => {
    await expect(await screen.findByRole('button', { name: 'Уведомления, непрочитанных: 5' })).toBeInTheDocument();
    await expect(badge()).toHaveTextContent(/^5$/);
  },
};

export const ManyUnread: Story = {
  parameters: { mockApi: { [COUNT]: ok({ unread: 120 }) } },
  play: async () => {
    await screen.findByRole('button', { name: 'Уведомления, непрочитанных: 120' });
    await expect(badge()).toHaveTextContent(/^99\+$/);
  },
};

/** Reply, grouped like, approved and rejected reviews; «Показать ещё»; a click reads and navigates; «Прочитать все». */
export const OpenWithList: Story = {
  parameters: {
    mockApi: {
      [COUNT]: ok({ unread: 2 }),
      [LIST]: (request: MockRequest) =>
        request.query.get('cursor') === 'page-2'
          ? ok(
              makeNotificationPage(
                [makeNotification({ id: 'n-old', text: 'oleg ответил на ваш комментарий', updatedAt: minutesAgo(60 * 24 * 30), read: true })],
                null,
                2,
              ),
            )
          : ok(makeNotificationPage(sampleNotifications(), 'page-2', 2)),
      [READ]: readAnswer((body) => ((body as { all?: boolean }).all ? 0 : 1)),
    },
  },
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Уведомления, непрочитанных: 2' }));
    const panel = within(await popover());
    await expect(await panel.findByText('ivan ответил на ваш комментарий')).toBeInTheDocument();
    await expect(panel.getByText('maria и ещё 2 оценили ваш комментарий')).toBeInTheDocument();
    await expect(panel.getByText('Ваша рецензия на «Наруто» одобрена')).toBeInTheDocument();
    await expect(panel.getByText('Ваша рецензия на «Ван-Пис» отклонена: Спойлеры без пометки')).toBeInTheDocument();
    await expect(panel.getByText('5 минут назад')).toBeInTheDocument();
    await expect(panel.getByText('2 часа назад')).toBeInTheDocument();
    await expect(panel.getAllByRole('img', { name: 'Не прочитано' })).toHaveLength(2);

    await userEvent.click(panel.getByRole('button', { name: 'Показать ещё' }));
    await expect(await panel.findByText('oleg ответил на ваш комментарий')).toBeInTheDocument();
    await expect(panel.queryByRole('button', { name: 'Показать ещё' })).not.toBeInTheDocument();

    await userEvent.click(panel.getByRole('button', { name: 'Прочитать все' }));
    await waitFor(() => expect(reads).toEqual([{ all: true }]));
    await waitFor(() => expect(panel.queryAllByRole('img', { name: 'Не прочитано' })).toHaveLength(0));
    await expect(badge()).not.toBeInTheDocument();
    await expect(panel.getByRole('button', { name: 'Прочитать все' })).toBeDisabled();

    // A review leads to its page and closes the popover.
    await userEvent.click(panel.getByText('Ваша рецензия на «Наруто» одобрена'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/anime/20/review/r-1'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Уведомления' })).not.toBeInTheDocument());
  },
};

/** An unread reply: the click marks it read (by id) and opens the reply on its anime page (`#comment-<id>`). */
export const ClickMarksRead: Story = {
  parameters: {
    mockApi: { [COUNT]: ok({ unread: 2 }), [LIST]: ok(makeNotificationPage(sampleNotifications(), null, 2)), [READ]: readAnswer(() => 1) },
  },
  args: { defaultOpen: true },
  play: async () => {
    const panel = within(await popover());
    await userEvent.click(await panel.findByText('ivan ответил на ваш комментарий'));
    await waitFor(() => expect(reads).toEqual([{ ids: ['n-reply'] }]));
    await expect(screen.getByTestId('location')).toHaveTextContent('/anime/1#comment-c-2');
    await waitFor(() => expect(badge()).toHaveTextContent(/^1$/));
  },
};

export const Empty: Story = {
  args: { defaultOpen: true },
  play: async () => {
    const panel = within(await popover());
    await expect(await panel.findByText('Уведомлений пока нет')).toBeInTheDocument();
    await expect(panel.getByRole('button', { name: 'Прочитать все' })).toBeDisabled();
  },
};

export const Loading: Story = {
  args: { defaultOpen: true },
  parameters: { mockApi: { [COUNT]: ok({ unread: 3 }), [LIST]: { hang: true } } },
  play: async () => {
    const panel = within(await popover());
    await expect(await panel.findByText('Загрузка уведомлений...')).toBeInTheDocument();
  },
};

export const LoadError: Story = {
  args: { defaultOpen: true },
  parameters: { mockApi: { [COUNT]: ok({ unread: 3 }), [LIST]: fail(503, ErrorCode.ServiceUnavailable, 'Сервис временно недоступен') } },
  play: async () => {
    const panel = within(await popover());
    await expect(await panel.findByText('Не удалось загрузить уведомления')).toBeInTheDocument();
    await expect(panel.getByText('Сервис временно недоступен')).toBeInTheDocument();
    await expect(panel.getByRole('button', { name: 'Повторить' })).toBeEnabled();
  },
};

/** A push puts a new one on top; a grouped like that gains an actor (same id) moves up, never doubled. */
export const LiveArrival: Story = {
  args: { defaultOpen: true },
  parameters: { mockApi: { [COUNT]: ok({ unread: 2 }), [LIST]: ok(makeNotificationPage(sampleNotifications(), null, 2)) } },
  play: async () => {
    const panel = within(await popover());
    await panel.findByText('ivan ответил на ваш комментарий');
    await waitFor(() => expect(live.socket.ready).toBe(true));
    const order = () => Array.from(document.querySelectorAll('[data-notification-id]')).map((item) => item.getAttribute('data-notification-id'));

    live.socket.push(makeNotification({ id: 'n-new', text: 'oleg ответил на ваш комментарий', updatedAt: new Date().toISOString() }), 3);
    await expect(await panel.findByText('oleg ответил на ваш комментарий')).toBeInTheDocument();
    await expect(panel.getByText('только что')).toBeInTheDocument();
    await waitFor(() => expect(badge()).toHaveTextContent(/^3$/));
    await expect(order()).toEqual(['n-new', 'n-reply', 'n-like', 'n-approved', 'n-rejected']);

    const grown = { ...sampleNotifications()[1]!, text: 'oleg и ещё 3 оценили ваш комментарий', actorCount: 4, updatedAt: new Date().toISOString() };
    live.socket.push(grown, 3);
    await expect(await panel.findByText('oleg и ещё 3 оценили ваш комментарий')).toBeInTheDocument();
    await expect(panel.queryByText('maria и ещё 2 оценили ваш комментарий')).not.toBeInTheDocument();
    await expect(order()).toEqual(['n-like', 'n-new', 'n-reply', 'n-approved', 'n-rejected']);

    // Read in another tab: only the count moves.
    live.socket.pushUnread(0);
    await waitFor(() => expect(badge()).not.toBeInTheDocument());
  },
};
