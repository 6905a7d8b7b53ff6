import { ErrorCode, NEWS_MESSAGES } from '@portal/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor } from 'storybook/test';
import NewsArticlePage from '../../../../web/src/features/news/components/NewsArticlePage';
import { makeNews } from '../../../../web/src/features/news/testing/news-fixtures';
import { fail, ok } from '../../../support/fixtures';
import { pageAtRoute } from '../../../support/page-at-route';

const article = makeNews({
  n: 7,
  slug: 'anons-sezona',
  title: 'Анонс второго сезона',
  body: '<h2>Что известно</h2><p>Премьера <strong>весной</strong>.</p><ul><li>12 серий</li></ul><p><a href="https://example.com" rel="noopener noreferrer nofollow" target="_blank">Источник</a></p>',
  tags: ['анонс', 'сезон'],
  animeIds: [20],
  anime: [{ id: 20, title: 'Наруто', poster: '/posters/20.webp', fallbackPoster: '/posters/fallback/20.svg', episodes: 220, kind: 'tv', year: 2002 }],
});
const ONE = 'GET /api/news/anons-sezona';

const meta = {
  title: 'features/news/components/NewsArticlePage',
  component: pageAtRoute('/news/:id', NewsArticlePage),
  parameters: { route: '/news/anons-sezona', mockApi: { [ONE]: ok({ data: article }) } },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  parameters: { mockApi: { [ONE]: { hang: true } } },
  play: async () => {
    await expect(await screen.findByText('Загрузка новости...')).toBeInTheDocument();
  },
};

/** The body as the server sanitised it (headings, lists, links), the cover, tags and the linked title as a card. */
export const Article: Story = {
  play: async () => {
    await expect(await screen.findByRole('heading', { level: 1, name: 'Анонс второго сезона' })).toBeInTheDocument();
    await expect(screen.getByRole('heading', { level: 2, name: 'Что известно' })).toBeInTheDocument();
    await expect(screen.getByText('весной').tagName).toBe('STRONG');
    await expect(screen.getByRole('link', { name: 'Источник' })).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    await expect(screen.getByText('Автор: admin', { exact: false })).toBeInTheDocument();
    await expect(screen.getByRole('link', { name: '#сезон' })).toBeInTheDocument();
    await expect(screen.getByRole('link', { name: /Наруто/ })).toHaveAttribute('href', '/anime/20');
    await expect(document.querySelector('.news-article img.news-cover')?.getAttribute('srcset')).toContain('1280w');
  },
};

export const Automatic: Story = {
  parameters: {
    mockApi: { [ONE]: ok({ data: makeNews({ n: 8, slug: 'anons-sezona', title: 'Вышла 5 серия «Наруто»', author: null, automatic: true, cover: null }) }) },
  },
  play: async () => {
    await expect(await screen.findByRole('heading', { level: 1, name: 'Вышла 5 серия «Наруто»' })).toBeInTheDocument();
    await expect(screen.getByText('Автор: портал', { exact: false })).toBeInTheDocument();
    await expect(screen.getByText('Автоматически')).toBeInTheDocument();
  },
};

export const NotFound: Story = {
  parameters: { mockApi: { [ONE]: fail(404, ErrorCode.NotFound, NEWS_MESSAGES.notFound) } },
  play: async () => {
    await expect(await screen.findByRole('heading', { name: 'Новость не найдена' })).toBeInTheDocument();
    await expect(screen.getByRole('link', { name: 'Все новости' })).toHaveAttribute('href', '/news');
  },
};

export const LoadError: Story = {
  parameters: { mockApi: { [ONE]: [fail(503, ErrorCode.ServiceUnavailable, 'Сервис временно недоступен'), ok({ data: article })] } },
  play: async () => {
    await expect(await screen.findByText('Не удалось загрузить новость')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Анонс второго сезона' })).toBeInTheDocument());
  },
};
