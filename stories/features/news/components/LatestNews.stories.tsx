import { ErrorCode } from '@portal/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent } from 'storybook/test';
import LatestNews from '../../../../web/src/features/news/components/LatestNews';
import { makeNews, makeNewsPage } from '../../../../web/src/features/news/testing/news-fixtures';
import type { MockRequest } from '../../../../web/src/test/mock-api';
import { fail, ok } from '../../../support/fixtures';

const LIST = 'GET /api/news';
const latest = (request: MockRequest) => ok(makeNewsPage([1, 2, 3, 4].map((n) => makeNews({ n })).slice(0, Number(request.query.get('limit')))));

const meta = {
  title: 'features/news/components/LatestNews',
  component: LatestNews,
  parameters: { mockApi: { [LIST]: latest } },
} satisfies Meta<typeof LatestNews>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  parameters: { mockApi: { [LIST]: { hang: true } } },
  play: async () => {
    await expect(await screen.findByText('Загрузка новостей...')).toBeInTheDocument();
  },
};

/** The latest four (asked with limit=4), compact, and a link to all. */
export const WithNews: Story = {
  play: async () => {
    await expect(await screen.findAllByRole('article')).toHaveLength(4);
    await expect(screen.getByRole('link', { name: 'Все новости' })).toHaveAttribute('href', '/news');
  },
};

export const Empty: Story = {
  parameters: { mockApi: { [LIST]: ok(makeNewsPage([])) } },
  play: async () => {
    await expect(await screen.findByText('Новостей пока нет')).toBeInTheDocument();
  },
};

export const LoadError: Story = {
  parameters: { mockApi: { [LIST]: [fail(503, ErrorCode.ServiceUnavailable, 'Сервис временно недоступен'), latest] } },
  play: async () => {
    await expect(await screen.findByText('Не удалось загрузить новости')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    await expect(await screen.findAllByRole('article')).toHaveLength(4);
  },
};
