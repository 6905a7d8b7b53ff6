import { BAN_MESSAGES, CHAT_MESSAGES, ErrorCode } from '@portal/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { chatSocketStore, type ChatConnectionStatus } from '../../../../web/src/features/chat/api/chat-socket';
import { ChatWidget } from '../../../../web/src/features/chat/components/ChatWidget';
import { CHAT_LAST_READ_KEY } from '../../../../web/src/features/chat/lib/chat-constants';
import { makeChatMessage } from '../../../../web/src/features/chat/testing/chat-fixtures';
import { dispatchOpenChat } from '../../../../web/src/shared/events/open-chat';
import type { MockRequest, MockResponse } from '../../../../web/src/test/mock-api';
import { adminSession, fail, makeUser, ok, userSession } from '../../../support/fixtures';

/** Story parameters of the chat: the socket state the store starts with and the stored last-read id. */
interface ChatStoryParameters {
  chat?: { status?: ChatConnectionStatus; lastReadId?: string | null };
}

const me = makeUser();
const at = (minutes: number) => new Date(Date.UTC(2025, 2, 1, 17, minutes)).toISOString();

const history = [
  makeChatMessage({ id: 'm1', userId: 'u-2', username: 'hinata', message: 'Всем привет! Кто уже смотрел новую серию?', createdAt: at(1) }),
  makeChatMessage({ id: 'm2', userId: 'u-3', username: 'naruto', message: 'Я! Финал просто огонь', createdAt: at(3) }),
  makeChatMessage({ id: 's1', userId: null, username: 'system', isSystem: true, message: 'К нам присоединился новый пользователь', createdAt: at(4) }),
  makeChatMessage({ id: 'm3', userId: me.id, username: me.username, message: 'Только начала, не спойлерите', createdAt: at(6) }),
  makeChatMessage({ id: 'm4', userId: 'u-2', username: 'hinata', message: 'Молчу-молчу', createdAt: at(7) }),
  makeChatMessage({ id: 'm5', userId: 'u-4', username: 'kakashi', message: 'Кто на марафон в субботу?', createdAt: at(9) }),
];

const LIST = 'GET /api/chat/messages';
const POST = 'POST /api/chat/messages';
const listOf = (items = history, nextCursor: string | null = null) => ok({ items, nextCursor });

const meta = {
  title: 'features/chat/components/ChatWidget',
  component: ChatWidget,
  args: { defaultOpen: true },
  parameters: {
    session: userSession,
    mockApi: { [LIST]: listOf() },
    chat: { status: 'connected' },
  },
  // The socket cannot run here: the story puts the connection state into the chat store instead.
  beforeEach: ({ parameters }) => {
    const { chat = {} } = parameters as ChatStoryParameters;
    if (chat.lastReadId) window.localStorage.setItem(CHAT_LAST_READ_KEY, chat.lastReadId);
    chatSocketStore.reset();
    if (chat.status === 'connected') chatSocketStore.connected();
    else chatSocketStore.setStatus(chat.status ?? 'disconnected');
    return () => chatSocketStore.reset();
  },
} satisfies Meta<typeof ChatWidget>;

export default meta;
type Story = StoryObj<typeof meta>;

const panel = () => screen.findByRole('region', { name: 'Чат' });
const input = () => screen.getByRole('textbox', { name: 'Сообщение' });
const sendButton = () => screen.getByRole('button', { name: /^Отправ/ });

export const Closed: Story = {
  args: { defaultOpen: false },
  parameters: { chat: { status: 'connected', lastReadId: 'm5' } },
  play: async () => {
    const icon = await screen.findByRole('button', { name: 'Открыть чат' });
    await expect(icon).toHaveTextContent('');
    await expect(screen.queryByRole('region', { name: 'Чат' })).not.toBeInTheDocument();
  },
};

export const ClosedWithUnread: Story = {
  args: { defaultOpen: false },
  parameters: { chat: { status: 'connected', lastReadId: 'm2' } },
  play: async () => {
    // After m2: a hidden system message, then m3, m4 and m5.
    const icon = await screen.findByRole('button', { name: 'Открыть чат, непрочитанных сообщений: 3' });
    await expect(icon).toHaveTextContent('3');
    await expect(screen.queryByRole('region', { name: 'Чат' })).not.toBeInTheDocument();
  },
};

/** Opened from the icon: everything is read; closed and reopened by the global open-chat event. */
export const Open: Story = {
  args: { defaultOpen: false },
  parameters: { chat: { status: 'connected', lastReadId: 'm2' } },
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Открыть чат, непрочитанных сообщений: 3' }));
    const chat = within(await panel());
    await expect(await chat.findByText('Кто на марафон в субботу?')).toBeInTheDocument();
    await waitFor(() => expect(window.localStorage.getItem(CHAT_LAST_READ_KEY)).toBe('m5'));
    await expect(chat.queryByText('К нам присоединился новый пользователь')).not.toBeInTheDocument();
    await expect(chat.getByTitle('Подключено')).toHaveAttribute('data-state', 'online');
    await expect(chat.getByText('Только начала, не спойлерите').closest('li')).toHaveClass('chat-message--own');

    await userEvent.click(chat.getByRole('button', { name: 'Закрыть чат' }));
    await expect(screen.getByRole('button', { name: 'Открыть чат' })).toHaveFocus();
    dispatchOpenChat('bottom-bar');
    await panel();
    await expect(input()).toHaveAttribute('placeholder', 'Введите сообщение...');
    await expect(sendButton()).toBeDisabled();
    await userEvent.type(input(), 'Я за!');
    await expect(sendButton()).toBeEnabled();
  },
};

export const Connecting: Story = {
  parameters: { chat: { status: 'connecting' } },
  play: async () => {
    const chat = within(await panel());
    await expect(chat.getByTitle('Подключение...')).toHaveAttribute('data-state', 'offline');
    await expect(input()).toHaveAttribute('placeholder', 'Подключение к чату...');
    await userEvent.type(input(), 'Привет');
    await expect(sendButton()).toBeDisabled();
  },
};

export const Disconnected: Story = {
  parameters: { chat: { status: 'disconnected' } },
  play: async () => {
    const chat = within(await panel());
    // Opening still loads the history over HTTP.
    await expect(await chat.findByText('Молчу-молчу')).toBeInTheDocument();
    await expect(chat.getByTitle('Нет подключения')).toHaveAttribute('data-state', 'offline');
    await userEvent.type(input(), 'Привет');
    await expect(sendButton()).toBeDisabled();
  },
};

export const Anonymous: Story = {
  parameters: { session: null },
  play: async () => {
    const chat = within(await panel());
    await expect(await chat.findByText('Молчу-молчу')).toBeInTheDocument();
    await expect(input()).toBeDisabled();
    await expect(input()).toHaveAttribute('placeholder', 'Войти, чтобы писать в чат');
    await expect(sendButton()).toBeDisabled();
  },
};

export const Empty: Story = {
  parameters: { mockApi: { [LIST]: listOf([]) }, chat: { status: 'connected', lastReadId: 'm2' } },
  play: async () => {
    await expect(await screen.findByText('Сообщений пока нет. Напишите первым!')).toBeInTheDocument();
    await waitFor(() => expect(window.localStorage.getItem(CHAT_LAST_READ_KEY)).toBeNull());
  },
};

export const LoadError: Story = {
  parameters: { mockApi: { [LIST]: fail(503, ErrorCode.ServiceUnavailable, 'Чат временно недоступен') } },
  play: async () => {
    await expect(await screen.findByText('Ошибка загрузки')).toBeInTheDocument();
    await expect(screen.getByText('Чат временно недоступен')).toBeInTheDocument();
    const chat = within(await panel());
    await expect(chat.getByRole('alert')).toHaveTextContent('Не удалось загрузить сообщения');
    await expect(chat.getByRole('button', { name: 'Повторить' })).toBeInTheDocument();
  },
};

export const WithOlderMessages: Story = {
  parameters: {
    mockApi: {
      [LIST]: (request: MockRequest) =>
        request.query.get('before') === 'm1'
          ? listOf([makeChatMessage({ id: 'o1', username: 'sasuke', message: 'Сообщение из прошлого', createdAt: at(0) })])
          : listOf(history, 'm1'),
    },
  },
  play: async () => {
    const chat = within(await panel());
    await userEvent.click(await chat.findByRole('button', { name: 'Загрузить ранее' }));
    await expect(await chat.findByText('Сообщение из прошлого')).toBeInTheDocument();
    await expect(chat.queryByRole('button', { name: 'Загрузить ранее' })).not.toBeInTheDocument();
  },
};

export const Sending: Story = {
  parameters: { mockApi: { [LIST]: listOf(), [POST]: { hang: true } } },
  play: async () => {
    await within(await panel()).findByText('Молчу-молчу');
    await userEvent.type(input(), 'Уже бегу на марафон');
    await userEvent.click(sendButton());
    const button = await screen.findByRole('button', { name: 'Отправка...' });
    await expect(button).toBeDisabled();
    await expect(input()).toHaveValue('Уже бегу на марафон');
  },
};

const rateLimited: MockResponse = { ...fail(429, ErrorCode.RateLimited, CHAT_MESSAGES.rateLimited), headers: { 'Retry-After': '8' } };

export const RateLimited: Story = {
  parameters: { mockApi: { [LIST]: listOf(), [POST]: rateLimited } },
  play: async () => {
    await within(await panel()).findByText('Молчу-молчу');
    await userEvent.type(input(), 'Ещё одно сообщение');
    await userEvent.click(sendButton());
    await expect(await screen.findByText('Ошибка отправки')).toBeInTheDocument();
    await expect(screen.getByText('Вы отправляете сообщения слишком часто, подождите немного. Повторите через 8 с.')).toBeInTheDocument();
    await expect(input()).toHaveValue('Ещё одно сообщение');
  },
};

/** An admin muted the user: the chat says why and until when (docs/moderation.md, «Bans»), the text is kept. */
const MUTED = BAN_MESSAGES.chatMuted({ reason: 'Флуд', until: '2026-11-21T12:30:00.000Z' });

export const Muted: Story = {
  parameters: { mockApi: { [LIST]: listOf(), [POST]: fail(403, ErrorCode.ChatMuted, MUTED) } },
  play: async () => {
    await within(await panel()).findByText('Молчу-молчу');
    await userEvent.type(input(), 'Ну пустите');
    await userEvent.click(sendButton());
    await expect(await screen.findByText('Ошибка отправки')).toBeInTheDocument();
    await expect(screen.getByText(MUTED)).toBeInTheDocument();
    await expect(input()).toHaveValue('Ну пустите');
  },
};

export const AdminView: Story = {
  parameters: {
    session: adminSession,
    mockApi: { [LIST]: listOf(), 'DELETE /api/chat/messages/m2': ok({ id: 'm2', deleted: true }) },
  },
  play: async () => {
    const chat = within(await panel());
    await chat.findByText('Молчу-молчу');
    await expect(chat.getAllByRole('button', { name: /^Удалить сообщение/ })).toHaveLength(5);
    await userEvent.click(chat.getByRole('button', { name: /^Удалить сообщение naruto/ }));
    await waitFor(() => expect(chat.queryByText('Я! Финал просто огонь')).not.toBeInTheDocument());
  },
};

const linkMessages = [
  makeChatMessage({ id: 'l1', username: 'hinata', message: 'Трейлер второго сезона: https://www.youtube.com/watch?v=dQw4w9WgXcQ', createdAt: at(10) }),
  makeChatMessage({ id: 'l2', username: 'orochimaru', message: '<script>alert("xss")</script>', createdAt: at(11) }),
  makeChatMessage({ id: 'l3', username: 'orochimaru', message: 'Жми: javascript:alert(document.cookie)', createdAt: at(12) }),
  makeChatMessage({ id: 'l4', username: 'orochimaru', message: '<a href="javascript:alert(1)">бесплатные монеты</a>', createdAt: at(13) }),
  makeChatMessage({ id: 'l5', username: 'naruto', message: 'Расписание (https://example.com/schedule), смотрите!', createdAt: at(14) }),
];

export const WithLinks: Story = {
  parameters: { mockApi: { [LIST]: listOf(linkMessages) } },
  play: async () => {
    const log = await screen.findByRole('log', { name: 'Сообщения чата' });
    await within(log).findByText('<script>alert("xss")</script>');
    await expect(log.querySelector('script')).toBeNull();
    await expect(within(log).getByText('Жми: javascript:alert(document.cookie)').tagName).toBe('P');
    await expect(within(log).getByText('<a href="javascript:alert(1)">бесплатные монеты</a>').tagName).toBe('P');
    // Links in the text only (each author's name links to their profile).
    const links = [...log.querySelectorAll('.chat-message__text a')];
    await expect(links.map((link) => link.getAttribute('href'))).toEqual(['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://example.com/schedule']);
    for (const link of links) {
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
      await expect(link).toHaveAttribute('target', '_blank');
    }
  },
};
