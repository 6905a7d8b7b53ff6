import { ErrorCode } from '@portal/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, within } from 'storybook/test';
import NewsListPage from '../../../../web/src/features/news/components/NewsListPage';
import { makeNews, makeNewsPage } from '../../../../web/src/features/news/testing/news-fixtures';
import type { MockRequest } from '../../../../web/src/test/mock-api';
import { adminSession, fail, ok } from '../../../support/fixtures';
import { pageAtRoute } from '../../../support/page-at-route';

const LIST = 'GET /api/news';
const first = Array.from({ length: 12 }, (_, index) => makeNews({ n: index + 1, title: `Новость номер ${index + 1}` }));
const second = [makeNews({ n: 13, title: 'Самая старая новость', cover: null })];
const paged = (request: MockRequest) => (request.query.get('page') === '2' ? ok(makeNewsPage(second, 2, 13)) : ok(makeNewsPage(first, 1, 13)));

const meta = {
  title: 'features/news/components/NewsListPage',
  component: pageAtRoute('/news', NewsListPage),
  parameters: { route: '/news', mockApi: { [LIST]: paged } },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  parameters: { mockApi: { [LIST]: { hang: true } } },
  play: async () => {
    await expect(await screen.findByText('Загрузка новостей...')).toBeInTheDocument();
  },
};

export const Empty: Story = {
  parameters: { mockApi: { [LIST]: ok(makeNewsPage([])) } },
  play: async () => {
    await expect(await screen.findByText('Новостей пока нет')).toBeInTheDocument();
  },
};

export const LoadError: Story = {
  parameters: { mockApi: { [LIST]: [fail(503, ErrorCode.ServiceUnavailable, 'Сервис временно недоступен'), paged] } },
  play: async () => {
    await expect(await screen.findByText('Не удалось загрузить новости')).toBeInTheDocument();
    await expect(screen.getByText('Сервис временно недоступен')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    await expect(await screen.findByRole('link', { name: 'Новость номер 1' })).toBeInTheDocument();
  },
};

/** Cards with a cover in every width (srcset), date, summary and tags; «Показать ещё» reads the next page. */
export const List: Story = {
  play: async () => {
    const card = await screen.findByRole('article', { name: 'Новость номер 1' });
    const cover = card.querySelector('img')!;
    await expect(cover.getAttribute('srcset')).toMatch(/-320\.webp 320w, .*-640\.webp 640w, .*-1280\.webp 1280w/);
    await expect(within(card).getByText('Коротко о главном: студия объявила дату премьеры.')).toBeInTheDocument();
    await expect(within(card).getByRole('link', { name: '#анонс' })).toHaveAttribute('href', '/news?tag=%D0%B0%D0%BD%D0%BE%D0%BD%D1%81');
    await expect(within(card).getByRole('link', { name: 'Новость номер 1' })).toHaveAttribute('href', '/news/novost-1');
    await userEvent.click(screen.getByRole('button', { name: 'Показать ещё' }));
    await expect(await screen.findByRole('article', { name: 'Самая старая новость' })).toBeInTheDocument();
    await expect(screen.queryByRole('button', { name: 'Показать ещё' })).not.toBeInTheDocument();
  },
};

/** ?tag filters the list (sent to the server) and offers the way back to all news. */
export const ByTag: Story = {
  parameters: {
    route: '/news?tag=анонс',
    mockApi: { [LIST]: (request: MockRequest) => ok(makeNewsPage(request.query.get('tag') === 'анонс' ? [first[0]] : first)) },
  },
  play: async () => {
    await expect(await screen.findByText(/Тег: анонс/)).toBeInTheDocument();
    await expect(screen.getAllByRole('article')).toHaveLength(1);
    await expect(screen.getByRole('link', { name: 'Все новости' })).toHaveAttribute('href', '/news');
  },
};

/** An admin sees drafts and scheduled items, marked so. */
export const AdminSeesDrafts: Story = {
  parameters: {
    session: adminSession,
    mockApi: {
      [LIST]: ok(
        makeNewsPage([
          makeNews({ n: 1, title: 'Черновая новость', status: 'draft' }),
          makeNews({ n: 2, title: 'Будущая новость', publishedAt: '2099-01-01T00:00:00.000Z' }),
          makeNews({ n: 3, title: 'Вышла 5 серия «Наруто»', automatic: true, author: null }),
        ]),
      ),
    },
  },
  play: async () => {
    await expect(within(await screen.findByRole('article', { name: 'Черновая новость' })).getByText('Черновик')).toBeInTheDocument();
    await expect(within(screen.getByRole('article', { name: 'Будущая новость' })).getByText('Запланировано')).toBeInTheDocument();
    await expect(within(screen.getByRole('article', { name: 'Вышла 5 серия «Наруто»' })).getByText('Автоматически')).toBeInTheDocument();
  },
};
