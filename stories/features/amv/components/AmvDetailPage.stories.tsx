import { ErrorCode } from '@portal/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { createElement } from 'react';
import { Route, Routes } from 'react-router-dom';
import { expect, screen, userEvent, waitFor } from 'storybook/test';
import AmvDetailPage from '../../../../web/src/features/amv/components/AmvDetailPage';
import { amvId, embedAmv, makeAmv } from '../../../../web/src/features/amv/testing/amv-fixtures';
import type { MockRequest } from '../../../../web/src/test/mock-api';
import { fail, ok, userSession } from '../../../support/fixtures';

const ID = amvId(1);
const ONE = `GET /api/amv/${ID}`;
const ADJACENT = `GET /api/amv/${ID}/adjacent`;
const PLAYLIST = 'GET /api/users/me/amv-playlist';
const seen: MockRequest[] = [];
const record = (answer: unknown) => (request: MockRequest) => (seen.push(request), ok(answer));
const neighbours = ok({ previous: makeAmv({ id: amvId(7), title: 'Акира' }), next: makeAmv({ id: amvId(8), title: 'Ван Пис' }) });

const routes = () => createElement(Routes, null, createElement(Route, { path: '/amv/:id', element: createElement(AmvDetailPage) }));

const meta = {
  title: 'features/amv/components/AmvDetailPage',
  component: AmvDetailPage,
  render: routes,
  parameters: { route: `/amv/${ID}`, mockApi: { [ONE]: ok(makeAmv()), [ADJACENT]: neighbours } },
  beforeEach: () => {
    seen.length = 0;
  },
} satisfies Meta<typeof AmvDetailPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  parameters: { mockApi: { [ONE]: { hang: true } } },
  play: async () => {
    await expect(await screen.findByText('Загрузка AMV...')).toBeInTheDocument();
  },
};

/** An uploaded clip: the <video> with the file, facts, the linked title as a card, neighbours; a guest is asked to sign in for the playlist. */
export const Detail: Story = {
  play: async () => {
    await expect(await screen.findByRole('heading', { level: 1, name: 'Наруто: путь ниндзя' })).toBeInTheDocument();
    const video = screen.getByLabelText('Плеер AMV') as HTMLVideoElement;
    await expect(video.getAttribute('src')).toBe(`/media/amv/uploads/${ID}.mp4`);
    await expect(screen.getByText('Музыка: Linkin Park — Numb')).toBeInTheDocument();
    await expect(screen.getByRole('heading', { name: 'Аниме в клипе' })).toBeInTheDocument();
    await expect(screen.getByRole('link', { name: /Наруто/ })).toHaveAttribute('href', '/anime/20');
    await expect(await screen.findByRole('link', { name: /Предыдущее/ })).toHaveAttribute('href', `/amv/${amvId(7)}`);
    await expect(screen.getByRole('link', { name: /Следующее/ })).toHaveAttribute('href', `/amv/${amvId(8)}`);
    await expect(screen.getByText('Войдите, чтобы собрать свой AMV плейлист')).toBeInTheDocument();
  },
};

export const ExternalEmbed: Story = {
  parameters: {
    mockApi: {
      [ONE]: ok({ ...embedAmv(), id: ID }),
      [ADJACENT]: ok({ previous: null, next: null }),
      [`POST /api/amv/${ID}/view`]: record({ id: ID, views: 121, counted: true }),
    },
  },
  play: async () => {
    const frame = await screen.findByTitle('Плеер: Attack on Titan — Crimson Bow');
    await expect(frame).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    await expect(screen.queryByLabelText('Плеер AMV')).not.toBeInTheDocument();
    // The external player cannot report playback: the view is counted once, on opening.
    await waitFor(() => expect(seen.filter((request) => request.path === `/api/amv/${ID}/view`)).toHaveLength(1));
  },
};

/** Signed in: «Нравится» and «В плейлист» call the API and show the answer. */
export const LikeAndAdd: Story = {
  parameters: {
    session: userSession,
    mockApi: {
      [ONE]: ok(makeAmv()),
      [ADJACENT]: neighbours,
      [PLAYLIST]: ok({ items: [] }),
      [`POST /api/amv/${ID}/like`]: record({ id: ID, likes: 15, likedByMe: true }),
      'POST /api/users/me/amv-playlist': record({ items: [makeAmv()] }),
    },
  },
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Нравится · 14' }));
    await expect(await screen.findByRole('button', { name: 'Больше не нравится · 15' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'В плейлист' }));
    await expect(await screen.findByRole('button', { name: 'В плейлисте ✓' })).toBeDisabled();
    await expect(seen.find((request) => request.path === '/api/users/me/amv-playlist')?.body).toEqual({ amvId: ID });
    // A signed-in viewer reports the clip from its page.
    await expect(screen.getByRole('button', { name: 'Пожаловаться на AMV' })).toBeInTheDocument();
  },
};

export const NotFound: Story = {
  parameters: { mockApi: { [ONE]: fail(404, ErrorCode.NotFound, 'AMV не найдено') } },
  play: async () => {
    await expect(await screen.findByText('AMV video not found')).toBeInTheDocument();
    await expect(screen.getByRole('link', { name: '← Все AMV' })).toHaveAttribute('href', '/amv');
  },
};

export const LoadError: Story = {
  parameters: { mockApi: { [ONE]: fail(503, ErrorCode.ServiceUnavailable, 'Сервис временно недоступен') } },
  play: async () => {
    await expect(await screen.findByText('Ошибка загрузки AMV')).toBeInTheDocument();
  },
};

export const AdjacentError: Story = {
  parameters: { mockApi: { [ONE]: ok(makeAmv()), [ADJACENT]: fail(503, ErrorCode.ServiceUnavailable, 'Сервис временно недоступен') } },
  play: async () => {
    await waitFor(() => expect(screen.getByText('Ошибка загрузки соседних AMV')).toBeInTheDocument(), { timeout: 3000 });
  },
};
