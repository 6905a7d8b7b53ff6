import type { Meta, StoryObj } from '@storybook/react-vite';
import { Route, Routes } from 'react-router-dom';
import { expect, screen, within } from 'storybook/test';
import { MainLayout } from '../../../web/src/app/layout/MainLayout';
import { AnimeEpisodes } from '../../../web/src/features/player/components/AnimeEpisodes';
import { ok, userSession } from '../../support/fixtures';
import { animeEpisodes } from '../../features/player/player-story-helpers';

/** A page whose «Серии» section ends near the bottom left of the window, where the chat button floats. */
function EpisodesPage() {
  return (
    <div className="page">
      <h1>Наруто</h1>
      <p>Описание пока не добавлено.</p>
      <AnimeEpisodes anime={{ id: 20 }} />
    </div>
  );
}

function LayoutWithPage() {
  return (
    <Routes>
      <Route element={<MainLayout />}>
        <Route path="*" element={<EpisodesPage />} />
      </Route>
    </Routes>
  );
}

const meta = {
  title: 'app/layout/MainLayout',
  component: LayoutWithPage,
  parameters: {
    session: userSession,
    route: '/',
    mockApi: {
      'GET /api/anime/20/episodes': ok(animeEpisodes(6)),
      'GET /api/users/anime/20': ok(null),
      'GET /api/chat/messages': ok({ items: [], nextCursor: null }),
    },
  },
} satisfies Meta<typeof LayoutWithPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Header, page, footer and the closed chat button. From 768 px the content and the footer keep out
 * of the button's column at the bottom left (layout.css): at 1280 px they start 96 px from the left
 * instead of 40 px, so the button covers no text however the page is scrolled (checked in a real
 * browser by web/e2e/catalogue-flow.e2e.mjs); from about 1400 px their own margin is wide enough
 * and nothing moves. Phones have no floating button (the bottom bar opens the chat).
 */
export const WithChatButton: Story = {
  play: async ({ canvasElement }) => {
    const main = await within(canvasElement).findByRole('main', {}, { timeout: 2000 });
    await expect(await within(main).findByRole('heading', { name: 'Серии' }, { timeout: 2000 })).toBeInTheDocument();
    await expect(await screen.findByRole('button', { name: 'Открыть чат' })).toBeInTheDocument();
    // The button is not part of the page content it floats beside.
    await expect(main).not.toContainElement(screen.getByRole('button', { name: 'Открыть чат' }));
    await expect(within(canvasElement).getByRole('contentinfo')).toBeInTheDocument();
  },
};
