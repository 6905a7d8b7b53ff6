import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { animePageShell, cataloguePageShell, homePageShell, watchPageShell } from '../../../libs/contracts/src/web/page-shells';
import { AppShell } from '../../../web/src/app/layout/AppShell';
import { animeDetails, animeList } from '../../../web/src/features/catalogue/testing/catalogue-fixtures';
import { continueItem } from '../../../web/src/features/library/testing/library-fixtures';

/** The markup as the gateway serves it (every value escaped by the shells), inside index.html's main area. */
function ServedShell({ html }: { html: string }) {
  // eslint-disable-next-line no-restricted-syntax -- the gateway's own escaped markup, shown as it serves it
  return <div style={{ display: 'contents' }} dangerouslySetInnerHTML={{ __html: html }} />;
}

const meta = {
  title: 'app/layout/PageShells',
  component: AppShell,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof AppShell>;

export default meta;
type Story = StoryObj<typeof meta>;

const posterSources = (canvasElement: HTMLElement) => [...canvasElement.querySelectorAll('img.poster__img')].map((img) => img.getAttribute('src'));

/** /anime/:id before the script: the title's poster (eager, high priority) and its name. */
export const AnimePageBeforeTheScript: Story = {
  args: { page: <ServedShell html={animePageShell(animeDetails({ title: 'Стальной алхимик: братство' }))} /> },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Стальной алхимик: братство');
    const poster = canvas.getByRole('img', { name: 'Постер «Стальной алхимик: братство»' });
    await expect(poster).toHaveAttribute('fetchpriority', 'high');
    await expect(canvas.queryByRole('status')).not.toBeInTheDocument();
  },
};

/** /watch/:id/:episode before the script: the way back, the heading and the title's art in the player's box. */
export const WatchPageBeforeTheScript: Story = {
  args: { page: <ServedShell html={watchPageShell(animeDetails({ id: 20, title: 'Наруто' }), 3)} /> },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Наруто — серия 3');
    await expect(canvas.getByRole('link', { name: '← Наруто' })).toHaveAttribute('href', '/anime/20');
    await expect(canvasElement.querySelector('.player > img.player__poster')).toHaveAttribute('fetchpriority', 'high');
  },
};

/** /catalog before the script: the heading and the first six cards of the list. */
export const CatalogueBeforeTheScript: Story = {
  args: { page: <ServedShell html={cataloguePageShell(animeList(24))} /> },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Каталог аниме');
    await expect(canvas.getByRole('link', { name: 'Атака титанов' })).toHaveAttribute('href', '/anime/2');
    await expect(posterSources(canvasElement)).toEqual(animeList(6).map((anime) => anime.poster));
  },
};

/** / before the script: the «Популярное» row. */
export const HomeBeforeTheScript: Story = {
  args: { page: <ServedShell html={homePageShell(animeList(12))} /> },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 2 })).toHaveTextContent('Популярное');
    await expect(posterSources(canvasElement)).toEqual(animeList(6).map((anime) => anime.poster));
  },
};

/** / before the script, for a viewer with saved progress: their «Продолжить просмотр» row first, then «Популярное». */
export const HomeWithContinueRowBeforeTheScript: Story = {
  args: {
    page: <ServedShell html={homePageShell(animeList(12), [continueItem(20, 12, 65), continueItem(1535, 3, 754), continueItem(16498, 1, 30)])} />,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['Продолжить просмотр', 'Популярное']);
    const first = canvasElement.querySelector('a.continue-card');
    await expect(first).toHaveAttribute('href', '/watch/20/12');
    await expect(first).toHaveTextContent('Серия 12 · 1:05');
    const eager = [...canvasElement.querySelectorAll('.continue-card img')].map((img) => img.getAttribute('fetchpriority'));
    await expect(eager).toEqual(['high', 'high', null]);
  },
};
