import { ErrorCode, type AmvItem } from '@portal/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, screen, userEvent, waitFor, within } from 'storybook/test';
import AmvPlaylistPage from '../../../../web/src/features/amv/components/AmvPlaylistPage';
import { amvId, embedAmv, makeAmv } from '../../../../web/src/features/amv/testing/amv-fixtures';
import type { MockRequest } from '../../../../web/src/test/mock-api';
import { fail, ok, userSession } from '../../../support/fixtures';

const PLAYLIST = 'GET /api/users/me/amv-playlist';
const REORDER = 'PUT /api/users/me/amv-playlist';
const seen: MockRequest[] = [];
const clips = (): AmvItem[] => [
  makeAmv({ id: amvId(1), title: 'Первый клип' }),
  makeAmv({ id: amvId(2), title: 'Второй клип' }),
  makeAmv({ id: amvId(3), title: 'Третий клип' }),
];
const byIds = (ids: string[]) => ({ items: ids.map((id) => clips().find((clip) => clip.id === id) as AmvItem) });
const reorder = (request: MockRequest) => {
  seen.push(request);
  return ok(byIds((request.body as { ids: string[] }).ids));
};
const titles = () =>
  within(screen.getByRole('list', { name: 'AMV в плейлисте' }))
    .getAllByRole('link')
    .map((link) => link.textContent);
const playing = () => (screen.getByLabelText('Плеер AMV') as HTMLVideoElement).getAttribute('src');

const meta = {
  title: 'features/amv/components/AmvPlaylistPage',
  component: AmvPlaylistPage,
  parameters: { route: '/my-amv-playlist', session: userSession, mockApi: { [PLAYLIST]: ok({ items: clips() }), [REORDER]: reorder } },
  beforeEach: () => {
    seen.length = 0;
  },
} satisfies Meta<typeof AmvPlaylistPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  parameters: { mockApi: { [PLAYLIST]: { hang: true } } },
  play: async () => {
    await expect(await screen.findByText('Загрузка плейлиста...')).toBeInTheDocument();
  },
};

export const SignedOut: Story = {
  parameters: { session: null },
  play: async () => {
    await expect(await screen.findByRole('link', { name: 'Войдите, чтобы увидеть свой AMV плейлист' })).toHaveAttribute('href', '/login');
  },
};

export const Empty: Story = {
  parameters: { mockApi: { [PLAYLIST]: ok({ items: [] }) } },
  play: async () => {
    await expect(await screen.findByText(/Плейлист пуст/)).toBeInTheDocument();
    await expect(screen.getByRole('link', { name: 'К списку AMV' })).toHaveAttribute('href', '/amv');
  },
};

export const LoadError: Story = {
  parameters: { mockApi: { [PLAYLIST]: fail(503, ErrorCode.ServiceUnavailable, 'Сервис временно недоступен') } },
  play: async () => {
    await expect(await screen.findByText('Не удалось загрузить плейлист')).toBeInTheDocument();
  },
};

/** The list; keyboard reorder with the arrow keys on the handle and with the buttons, each move announced and saved. */
export const Filled: Story = {
  play: async () => {
    await screen.findByRole('link', { name: 'Первый клип' });
    await expect(titles()).toEqual(['Первый клип', 'Второй клип', 'Третий клип']);
    screen.getByRole('button', { name: 'Перетащить «Третий клип» (или стрелки вверх и вниз)' }).focus();
    await userEvent.keyboard('{ArrowUp}');
    await waitFor(() => expect(titles()).toEqual(['Первый клип', 'Третий клип', 'Второй клип']));
    await expect(screen.getByRole('status')).toHaveTextContent('«Третий клип»: место 2 из 3');
    await expect(seen.at(-1)?.body).toEqual({ ids: [amvId(1), amvId(3), amvId(2)] });
    await userEvent.click(screen.getByRole('button', { name: 'Опустить «Первый клип» ниже' }));
    await waitFor(() => expect(titles()).toEqual(['Третий клип', 'Первый клип', 'Второй клип']));
    await expect(screen.getByRole('button', { name: 'Поднять «Третий клип» выше' })).toBeDisabled();
  },
};

/** Dragging the handle with the pointer over another row moves it there, saved on release. */
export const Dragged: Story = {
  play: async () => {
    await screen.findByRole('link', { name: 'Первый клип' });
    const rows = within(screen.getByRole('list', { name: 'AMV в плейлисте' })).getAllByRole('listitem');
    rows.forEach((row, index) => {
      row.getBoundingClientRect = () => ({
        top: index * 50,
        bottom: index * 50 + 49,
        left: 0,
        right: 500,
        width: 500,
        height: 49,
        x: 0,
        y: index * 50,
        toJSON: () => ({}),
      });
    });
    const handle = screen.getByRole('button', { name: 'Перетащить «Первый клип» (или стрелки вверх и вниз)' });
    fireEvent.pointerDown(handle, { button: 0, pointerId: 1, clientY: 10 });
    fireEvent.pointerMove(handle, { pointerId: 1, clientY: 120 });
    fireEvent.pointerUp(handle, { pointerId: 1, clientY: 120 });
    await waitFor(() => expect(titles()).toEqual(['Второй клип', 'Третий клип', 'Первый клип']));
    await expect(seen.at(-1)?.body).toEqual({ ids: [amvId(2), amvId(3), amvId(1)] });
  },
};

export const Removed: Story = {
  parameters: { mockApi: { [PLAYLIST]: ok({ items: clips() }), [`DELETE /api/users/me/amv-playlist/${amvId(2)}`]: ok(byIds([amvId(1), amvId(3)])) } },
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Убрать «Второй клип» из плейлиста' }));
    await waitFor(() => expect(titles()).toEqual(['Первый клип', 'Третий клип']));
    await expect(screen.getByRole('status')).toHaveTextContent('«Второй клип» убрано из плейлиста');
  },
};

/** «Играть по порядку»: the first plays, its end starts the next, the last one's end stops the list. */
export const Playing: Story = {
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Играть по порядку' }));
    await expect(playing()).toBe(`/media/amv/uploads/${amvId(1)}.mp4`);
    await expect(screen.getByRole('heading', { name: 'Сейчас играет: Первый клип' })).toBeInTheDocument();
    fireEvent.ended(screen.getByLabelText('Плеер AMV'));
    await waitFor(() => expect(playing()).toBe(`/media/amv/uploads/${amvId(2)}.mp4`));
    fireEvent.ended(screen.getByLabelText('Плеер AMV'));
    await waitFor(() => expect(playing()).toBe(`/media/amv/uploads/${amvId(3)}.mp4`));
    fireEvent.ended(screen.getByLabelText('Плеер AMV'));
    await waitFor(() => expect(screen.queryByLabelText('Плеер AMV')).not.toBeInTheDocument());
    await expect(screen.getByRole('status')).toHaveTextContent('Плейлист доигран');
  },
};

/** Shuffle with a pinned random source: the order differs from the list's, and every clip plays once. */
export const Shuffle: Story = {
  args: { random: () => 0 },
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Перемешать' }));
    await expect(screen.getByRole('button', { name: 'Перемешать' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Играть по порядку' }));
    const order = [playing()];
    for (let step = 0; step < 2; step++) {
      fireEvent.ended(screen.getByLabelText('Плеер AMV'));
      await waitFor(() => expect(playing()).not.toBe(order.at(-1)));
      order.push(playing());
    }
    await expect(order).not.toEqual([1, 2, 3].map((n) => `/media/amv/uploads/${amvId(n)}.mp4`));
    await expect([...order].sort()).toEqual([1, 2, 3].map((n) => `/media/amv/uploads/${amvId(n)}.mp4`));
  },
};

/** Repeat: after the last clip the first plays again; an external clip shows its embed and the manual next. */
export const Repeat: Story = {
  parameters: { mockApi: { [PLAYLIST]: ok({ items: [clips()[0], embedAmv()] }) } },
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Повтор' }));
    await userEvent.click(screen.getByRole('button', { name: 'Играть по порядку' }));
    fireEvent.ended(screen.getByLabelText('Плеер AMV'));
    const frame = await screen.findByTitle('Плеер: Attack on Titan — Crimson Bow');
    await expect(frame.getAttribute('src')).toContain('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    await expect(screen.getByText(/внешнем плеере/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Следующее в плейлисте →' }));
    await waitFor(() => expect(playing()).toBe(`/media/amv/uploads/${amvId(1)}.mp4`));
  },
};
