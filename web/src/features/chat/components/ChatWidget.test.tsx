import { CHAT_MESSAGES, ErrorCode } from '@portal/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tokenStorage } from '../../../shared/api/token-storage';
import { useChatUnread } from '../../../shared/events/chat-unread';
import { dispatchOpenChat } from '../../../shared/events/open-chat';
import { makeAdmin, makeUser } from '../../../test/fixtures';
import { fail, ok, type MockResponse } from '../../../test/mock-api';
import { mockApiPerTest } from '../../../test/mock-api-per-test';
import { renderWithApp } from '../../../test/render';
import { chatSocketStore, type ChatConnectionStatus } from '../api/chat-socket';
import { CHAT_LAST_READ_KEY } from '../lib/chat-constants';
import { makeChatMessage } from '../testing/chat-fixtures';
import { ChatWidget } from './ChatWidget';

const mockApi = mockApiPerTest();
const LIST = 'GET /api/chat/messages';
const POST = 'POST /api/chat/messages';

const user = makeUser();
const signedIn = { token: 'jwt', user };

const history = [
  makeChatMessage({ id: 'm1', username: 'hinata', message: 'Всем привет' }),
  makeChatMessage({ id: 'm2', username: 'naruto', userId: 'u-3', message: 'Даттебайо' }),
  makeChatMessage({ id: 's1', username: 'system', userId: null, isSystem: true, message: 'К нам присоединился новичок' }),
  makeChatMessage({ id: 'm3', username: 'sakura', userId: user.id, message: 'Моё сообщение' }),
  makeChatMessage({ id: 'm4', username: 'hinata', message: 'Кто смотрит онгоинги?' }),
];
const page = (items = history, nextCursor: string | null = null) => ok({ items, nextCursor });

function setStatus(status: ChatConnectionStatus) {
  act(() => {
    if (status === 'connected') chatSocketStore.connected();
    else chatSocketStore.setStatus(status);
  });
}

const launcher = () => screen.getByRole('button', { name: /^Открыть чат/ });
const panel = () => screen.getByRole('region', { name: 'Чат' });
const input = () => screen.getByRole('textbox', { name: 'Сообщение' });
const sendButton = () => screen.getByRole('button', { name: /Отправ/ });

beforeEach(() => {
  toast.dismiss();
  chatSocketStore.reset();
});
afterEach(() => chatSocketStore.reset());

describe('chat widget, closed', () => {
  it('shows the icon with the number of non-system messages after the last-read one', async () => {
    window.localStorage.setItem(CHAT_LAST_READ_KEY, 'm2');
    const api = mockApi({ [LIST]: page() });
    setStatus('connected');
    renderWithApp(<ChatWidget />, { session: signedIn });
    expect(await screen.findByRole('button', { name: 'Открыть чат, непрочитанных сообщений: 2' })).toBeInTheDocument();
    expect(api.callsTo(LIST)).toHaveLength(1);
    expect(api.callsTo(LIST)[0]!.query.get('limit')).toBe('50');
    expect(screen.queryByRole('region', { name: 'Чат' })).not.toBeInTheDocument();
  });

  it('counts every non-system message when the last-read one is unknown or missing', async () => {
    window.localStorage.setItem(CHAT_LAST_READ_KEY, 'long-gone');
    mockApi({ [LIST]: page() });
    setStatus('connected');
    renderWithApp(<ChatWidget />, { session: signedIn });
    expect(await screen.findByRole('button', { name: 'Открыть чат, непрочитанных сообщений: 4' })).toBeInTheDocument();
  });

  it('loads nothing until the socket connects, then again on every connect', async () => {
    const api = mockApi({ [LIST]: page() });
    renderWithApp(<ChatWidget />, { session: signedIn });
    expect(launcher()).toHaveAccessibleName('Открыть чат');
    expect(api.callsTo(LIST)).toHaveLength(0);
    setStatus('connected');
    await waitFor(() => expect(api.callsTo(LIST)).toHaveLength(1));
    setStatus('disconnected');
    setStatus('connected');
    await waitFor(() => expect(api.callsTo(LIST)).toHaveLength(2));
  });

  it('counts a message pushed by the socket while closed', async () => {
    window.localStorage.setItem(CHAT_LAST_READ_KEY, 'm4');
    const api = mockApi({ [LIST]: page() });
    setStatus('connected');
    renderWithApp(<ChatWidget />, { session: signedIn });
    await waitFor(() => expect(api.callsTo(LIST)).toHaveLength(1));
    await waitFor(() => expect(launcher()).toHaveAccessibleName('Открыть чат'));
    act(() => chatSocketStore.emit({ type: 'newMessage', message: makeChatMessage({ id: 'm5' }) }));
    await waitFor(() => expect(launcher()).toHaveAccessibleName('Открыть чат, непрочитанных сообщений: 1'));
    act(() => {
      chatSocketStore.emit({ type: 'newMessage', message: makeChatMessage({ id: 's2', isSystem: true }) });
      chatSocketStore.emit({ type: 'newMessage', message: makeChatMessage({ id: 'm6' }) });
    });
    await waitFor(() => expect(launcher()).toHaveAccessibleName('Открыть чат, непрочитанных сообщений: 2'));
  });

  it('publishes the unread count for the phone bottom bar', async () => {
    window.localStorage.setItem(CHAT_LAST_READ_KEY, 'm4');
    mockApi({ [LIST]: page() });
    setStatus('connected');
    const UnreadProbe = () => <output aria-label="непрочитано">{useChatUnread()}</output>;
    renderWithApp(
      <>
        <UnreadProbe />
        <ChatWidget />
      </>,
      { session: signedIn },
    );
    act(() => chatSocketStore.emit({ type: 'newMessage', message: makeChatMessage({ id: 'm5' }) }));
    await waitFor(() => expect(screen.getByRole('status', { name: 'непрочитано' })).toHaveTextContent('1'));
  });
});

describe('chat widget, opening and closing', () => {
  it('opens from the icon, loads, stores the newest id as last read and shows no unread while open', async () => {
    window.localStorage.setItem(CHAT_LAST_READ_KEY, 'm1');
    const api = mockApi({ [LIST]: page() });
    setStatus('connected');
    renderWithApp(<ChatWidget />, { session: signedIn });
    await screen.findByRole('button', { name: 'Открыть чат, непрочитанных сообщений: 3' });

    fireEvent.click(launcher());
    expect(await within(panel()).findByText('Кто смотрит онгоинги?')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo(LIST)).toHaveLength(2));
    expect(window.localStorage.getItem(CHAT_LAST_READ_KEY)).toBe('m4');
    expect(input()).toHaveFocus();

    act(() => chatSocketStore.emit({ type: 'newMessage', message: makeChatMessage({ id: 'm5', message: 'Пока открыт' }) }));
    expect(await within(panel()).findByText('Пока открыт')).toBeInTheDocument();
    await waitFor(() => expect(window.localStorage.getItem(CHAT_LAST_READ_KEY)).toBe('m5'));

    fireEvent.click(screen.getByRole('button', { name: 'Закрыть чат' }));
    expect(screen.queryByRole('region', { name: 'Чат' })).not.toBeInTheDocument();
    expect(launcher()).toHaveAccessibleName('Открыть чат');
    expect(launcher()).toHaveFocus();
  });

  it('closes on Escape', async () => {
    mockApi({ [LIST]: page() });
    renderWithApp(<ChatWidget defaultOpen />, { session: signedIn });
    fireEvent.keyDown(input(), { key: 'Escape' });
    expect(screen.queryByRole('region', { name: 'Чат' })).not.toBeInTheDocument();
    expect(launcher()).toHaveFocus();
  });

  it('clears the last-read marker when there are no messages on opening', async () => {
    window.localStorage.setItem(CHAT_LAST_READ_KEY, 'm2');
    mockApi({ [LIST]: page([]) });
    renderWithApp(<ChatWidget />, { session: signedIn });
    fireEvent.click(launcher());
    expect(await screen.findByText('Сообщений пока нет. Напишите первым!')).toBeInTheDocument();
    expect(window.localStorage.getItem(CHAT_LAST_READ_KEY)).toBeNull();
  });

  it('opens on the global open-chat event (the bottom bar) and loads even while disconnected', async () => {
    const api = mockApi({ [LIST]: page() });
    renderWithApp(<ChatWidget />, { session: signedIn });
    act(() => dispatchOpenChat('bottom-bar'));
    expect(await within(panel()).findByText('Всем привет')).toBeInTheDocument();
    expect(api.callsTo(LIST)).toHaveLength(1);
  });

  it('hides system messages and marks own messages', async () => {
    mockApi({ [LIST]: page() });
    renderWithApp(<ChatWidget defaultOpen />, { session: signedIn });
    const own = (await screen.findByText('Моё сообщение')).closest('li');
    expect(own).toHaveClass('chat-message--own');
    expect(screen.getByText('Всем привет').closest('li')).not.toHaveClass('chat-message--own');
    expect(screen.queryByText('К нам присоединился новичок')).not.toBeInTheDocument();
  });

  it('shows the connection state: green when connected, red otherwise', async () => {
    mockApi({ [LIST]: page() });
    setStatus('connecting');
    renderWithApp(<ChatWidget defaultOpen />, { session: signedIn });
    const status = () => within(panel()).getByTitle(/Подключ/);
    expect(status()).toHaveAttribute('data-state', 'offline');
    setStatus('connected');
    expect(status()).toHaveAttribute('data-state', 'online');
    expect(status()).toHaveTextContent('Подключено');
  });
});

describe('chat widget, socket events', () => {
  it('appends new messages once and removes deleted ones', async () => {
    mockApi({ [LIST]: page() });
    setStatus('connected');
    renderWithApp(<ChatWidget defaultOpen />, { session: signedIn });
    await screen.findByText('Всем привет');
    const fresh = makeChatMessage({ id: 'm5', message: 'Новое сообщение' });
    act(() => {
      chatSocketStore.emit({ type: 'newMessage', message: fresh });
      chatSocketStore.emit({ type: 'newMessage', message: fresh });
    });
    expect(await screen.findAllByText('Новое сообщение')).toHaveLength(1);
    const items = within(screen.getByRole('log', { name: 'Сообщения чата' })).getAllByRole('listitem');
    expect(items.at(-1)).toHaveTextContent('Новое сообщение');

    act(() => chatSocketStore.emit({ type: 'messageDeleted', id: 'm1' }));
    await waitFor(() => expect(screen.queryByText('Всем привет')).not.toBeInTheDocument());
    act(() => chatSocketStore.emit({ type: 'messageDeleted', id: 'unknown' }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
  });

  it('keeps a message pushed while the messages are being loaded', async () => {
    mockApi({ [LIST]: { ...page(), delayMs: 30 } });
    setStatus('connected');
    renderWithApp(<ChatWidget defaultOpen />, { session: signedIn });
    act(() => {
      chatSocketStore.emit({ type: 'newMessage', message: makeChatMessage({ id: 'm5', message: 'Во время загрузки' }) });
      chatSocketStore.emit({ type: 'messageDeleted', id: 'm2' });
    });
    expect(await screen.findByText('Всем привет')).toBeInTheDocument();
    expect(await screen.findByText('Во время загрузки')).toBeInTheDocument();
    expect(screen.queryByText('Даттебайо')).not.toBeInTheDocument();
  });
});

describe('chat widget, older pages', () => {
  it('loads the page before the cursor above the current one, until there is none', async () => {
    const older = [makeChatMessage({ id: 'o1', message: 'Самое старое' }), makeChatMessage({ id: 'o2', message: 'Старое' })];
    const api = mockApi({
      [LIST]: (request) => (request.query.get('before') === 'm1' ? page(older, null) : page(history, 'm1')),
    });
    setStatus('connected');
    renderWithApp(<ChatWidget defaultOpen />, { session: signedIn });
    await screen.findByText('Всем привет');
    fireEvent.click(screen.getByRole('button', { name: 'Загрузить ранее' }));
    expect(await screen.findByText('Самое старое')).toBeInTheDocument();
    expect(api.callsTo(LIST).at(-1)!.query.get('before')).toBe('m1');
    const texts = within(screen.getByRole('log'))
      .getAllByRole('listitem')
      .map((item) => item.querySelector('p')?.textContent);
    expect(texts).toEqual(['Самое старое', 'Старое', 'Всем привет', 'Даттебайо', 'Моё сообщение', 'Кто смотрит онгоинги?']);
    expect(screen.queryByRole('button', { name: 'Загрузить ранее' })).not.toBeInTheDocument();
  });

  it('keeps the messages and says so when an older page fails', async () => {
    mockApi({
      [LIST]: (request) => (request.query.get('before') ? fail(400, ErrorCode.ValidationFailed, CHAT_MESSAGES.badCursor) : page(history, 'm1')),
    });
    setStatus('connected');
    renderWithApp(<ChatWidget defaultOpen />, { session: signedIn });
    await screen.findByText('Всем привет');
    fireEvent.click(screen.getByRole('button', { name: 'Загрузить ранее' }));
    expect(await screen.findByText(CHAT_MESSAGES.badCursor)).toBeInTheDocument();
    expect(screen.getByText('Всем привет')).toBeInTheDocument();
  });
});

describe('chat widget, loading failure', () => {
  it('toasts "Ошибка загрузки" with the server message and empties the list', async () => {
    mockApi({ [LIST]: [page(), fail(503, ErrorCode.ServiceUnavailable, 'Чат временно недоступен'), page()] });
    setStatus('connected');
    renderWithApp(<ChatWidget defaultOpen />, { session: signedIn });
    await screen.findByText('Всем привет');
    setStatus('disconnected');
    setStatus('connected');
    expect(await screen.findByText('Чат временно недоступен')).toBeInTheDocument();
    expect(screen.getByText('Ошибка загрузки')).toBeInTheDocument();
    expect(screen.queryByText('Всем привет')).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Не удалось загрузить сообщения');
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText('Всем привет')).toBeInTheDocument();
  });

  it('falls back to the connection hint when the server cannot be reached', async () => {
    mockApi({ [LIST]: { networkError: true } });
    renderWithApp(<ChatWidget defaultOpen />, { session: signedIn });
    expect(await screen.findByText('Не удалось загрузить сообщения. Проверьте подключение к серверу.')).toBeInTheDocument();
  });
});

describe('chat widget, sending', () => {
  it('disables the input for guests, with the sign-in placeholder', async () => {
    mockApi({ [LIST]: page() });
    setStatus('connected');
    renderWithApp(<ChatWidget defaultOpen />, { session: null });
    await screen.findByText('Всем привет');
    expect(input()).toBeDisabled();
    expect(input()).toHaveAttribute('placeholder', 'Войти, чтобы писать в чат');
    expect(sendButton()).toBeDisabled();
  });

  it('enables the button only when connected and the trimmed text is not empty', async () => {
    const api = mockApi({ [LIST]: page() });
    setStatus('connecting');
    renderWithApp(<ChatWidget defaultOpen />, { session: signedIn });
    await screen.findByText('Всем привет');
    expect(input()).toHaveAttribute('placeholder', 'Подключение к чату...');
    fireEvent.change(input(), { target: { value: 'привет' } });
    expect(sendButton()).toBeDisabled();
    fireEvent.submit(input().closest('form')!);
    expect(api.callsTo(POST)).toHaveLength(0);

    setStatus('connected');
    expect(input()).toHaveAttribute('placeholder', 'Введите сообщение...');
    expect(sendButton()).toBeEnabled();
    fireEvent.change(input(), { target: { value: '   ' } });
    expect(sendButton()).toBeDisabled();
    fireEvent.submit(input().closest('form')!);
    expect(api.callsTo(POST)).toHaveLength(0);
    expect(input()).toHaveAttribute('maxLength', '500');
  });

  it('sends the trimmed text with the token, clears the input and shows the message once', async () => {
    const sent = makeChatMessage({ id: 'm9', userId: user.id, username: user.username, message: 'Привет всем' });
    const api = mockApi({ [LIST]: page(), [POST]: ok(sent, 201) });
    setStatus('connected');
    tokenStorage.save('jwt', user);
    renderWithApp(<ChatWidget defaultOpen />);
    await screen.findByText('Всем привет');
    fireEvent.change(input(), { target: { value: '  Привет всем  ' } });
    fireEvent.click(sendButton());
    await waitFor(() => expect(input()).toHaveValue(''));
    expect(api.callsTo(POST)[0]!.body).toEqual({ message: 'Привет всем' });
    expect(api.callsTo(POST)[0]!.headers.get('Authorization')).toBe('Bearer jwt');
    expect(await screen.findByText('Привет всем')).toBeInTheDocument();
    act(() => chatSocketStore.emit({ type: 'newMessage', message: sent }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getAllByText('Привет всем')).toHaveLength(1);
    expect(screen.getByText('Привет всем').closest('li')).toHaveClass('chat-message--own');
  });

  it('keeps the text and says to wait when sending too often', async () => {
    const rateLimited: MockResponse = { ...fail(429, ErrorCode.RateLimited, CHAT_MESSAGES.rateLimited), headers: { 'Retry-After': '7' } };
    mockApi({ [LIST]: page(), [POST]: rateLimited });
    setStatus('connected');
    renderWithApp(<ChatWidget defaultOpen />, { session: signedIn });
    await screen.findByText('Всем привет');
    fireEvent.change(input(), { target: { value: 'ещё одно' } });
    fireEvent.click(sendButton());
    expect(await screen.findByText('Вы отправляете сообщения слишком часто, подождите немного. Повторите через 7 с.')).toBeInTheDocument();
    expect(screen.getByText('Ошибка отправки')).toBeInTheDocument();
    expect(input()).toHaveValue('ещё одно');
  });
});

describe('chat widget, message text', () => {
  it('renders markup as text and links only http(s) addresses, safely', async () => {
    const hostile = [
      makeChatMessage({ id: 'x1', message: '<script>window.__chatXss = 1</script>' }),
      makeChatMessage({ id: 'x2', message: 'javascript:alert(1)' }),
      makeChatMessage({ id: 'x3', message: '<img src=x onerror="window.__chatXss = 2">' }),
      makeChatMessage({ id: 'x4', message: 'Трейлер: https://example.com/trailer?id=1.' }),
    ];
    mockApi({ [LIST]: page(hostile) });
    renderWithApp(<ChatWidget defaultOpen />, { session: signedIn });
    const log = await screen.findByRole('log');
    await within(log).findByText('<script>window.__chatXss = 1</script>');
    expect(log.querySelector('script, img[src="x"]')).toBeNull();
    expect(within(log).getByText('javascript:alert(1)').tagName).toBe('P');
    // Links in the text only (each author's name links to their profile).
    const links = [...log.querySelectorAll('.chat-message__text a')];
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', 'https://example.com/trailer?id=1');
    expect(links[0]).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
    expect(links[0]).toHaveAttribute('target', '_blank');
    expect(links[0]!.closest('p')).toHaveTextContent('Трейлер: https://example.com/trailer?id=1.');
    expect((window as { __chatXss?: number }).__chatXss).toBeUndefined();
  });
});

describe('chat widget, admins', () => {
  it('shows a delete button on each message only to admins, and removes the message', async () => {
    const api = mockApi({ [LIST]: page(), 'DELETE /api/chat/messages/m2': ok({ id: 'm2', deleted: true }) });
    renderWithApp(<ChatWidget defaultOpen />, { session: { token: 'admin-jwt', user: makeAdmin() } });
    await screen.findByText('Даттебайо');
    const buttons = screen.getAllByRole('button', { name: /^Удалить сообщение/ });
    expect(buttons).toHaveLength(4);
    fireEvent.click(screen.getByRole('button', { name: /^Удалить сообщение naruto/ }));
    await waitFor(() => expect(screen.queryByText('Даттебайо')).not.toBeInTheDocument());
    expect(api.callsTo('DELETE /api/chat/messages/m2')).toHaveLength(1);
  });

  it('shows no delete buttons to other users', async () => {
    mockApi({ [LIST]: page() });
    renderWithApp(<ChatWidget defaultOpen />, { session: signedIn });
    await screen.findByText('Даттебайо');
    expect(screen.queryByRole('button', { name: /^Удалить сообщение/ })).not.toBeInTheDocument();
  });
});
