import { ErrorCode } from '@portal/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import SiteStatsPage from '../../../../web/src/features/moderation/components/SiteStatsPage';
import { makeSiteStats } from '../../../../web/src/features/moderation/testing/moderation-fixtures';
import type { MockRequest } from '../../../../web/src/test/mock-api';
import { adminSession, fail, ok } from '../../../support/fixtures';

const STATS = 'GET /api/admin/stats';

/** Requests the story's handlers saw (reset per story). */
const seen: MockRequest[] = [];
const byRange = (request: MockRequest) => {
  seen.push(request);
  return ok(makeSiteStats(Number(request.query.get('days')) as 7 | 30 | 90));
};

const meta = {
  title: 'features/moderation/components/SiteStatsPage',
  component: SiteStatsPage,
  parameters: { session: adminSession, mockApi: { [STATS]: byRange } },
  beforeEach: () => {
    seen.length = 0;
  },
} satisfies Meta<typeof SiteStatsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  parameters: { mockApi: { [STATS]: { hang: true } } },
  play: async () => {
    await expect(await screen.findByRole('heading', { level: 1, name: 'Статистика сайта' })).toBeInTheDocument();
    await expect(await screen.findByText('Загрузка статистики...')).toBeInTheDocument();
  },
};

export const LoadFailed: Story = {
  parameters: { mockApi: { [STATS]: fail(503, ErrorCode.ServiceUnavailable, 'Сервис временно недоступен') } },
  play: async () => {
    await expect(await screen.findByText('Не удалось загрузить статистику')).toBeInTheDocument();
    await expect(screen.getByText('Сервис временно недоступен')).toBeInTheDocument();
    await expect(screen.getByRole('button', { name: 'Повторить' })).toBeInTheDocument();
  },
};

/** Nothing happened in the range: no charts, the queues still shown. */
export const Empty: Story = {
  parameters: { mockApi: { [STATS]: ok(makeSiteStats(7, { quiet: true, failed: 0 })) } },
  play: async () => {
    await expect(await screen.findByText('За этот период на сайте ничего не происходило.')).toBeInTheDocument();
    await expect(screen.queryByRole('figure')).toBeNull();
    await expect(screen.getByRole('rowheader', { name: 'events-moderation' })).toBeInTheDocument();
  },
};

/** Seven days: totals, three charts (loaded with the page), the queues with failed jobs marked. */
export const Week: Story = {
  play: async () => {
    const totals = within(await screen.findByRole('region', { name: 'Итого за период' }));
    await expect(totals.getByText('Активные пользователи').nextSibling).toHaveTextContent('280');
    await expect(totals.getByText('Регистрации').nextSibling).toHaveTextContent('28');
    // The chart library arrives as its own chunk, after the figures above.
    for (const name of ['Люди', 'Активность', 'Жалобы']) await expect(await screen.findByRole('figure', { name }, { timeout: 10_000 })).toBeInTheDocument();
    await expect(within(screen.getByRole('figure', { name: 'Люди' })).getByText('Регистрации')).toBeInTheDocument();
    await expect(screen.getByRole('button', { name: '7 дней' })).toHaveAttribute('aria-pressed', 'true');
    const notices = within(screen.getByRole('rowheader', { name: 'auth-telegram-notices' }).closest('tr')!);
    await expect(notices.getByText('2')).toHaveClass('site-stats__failed');
    await expect(totals.getByText('Просмотрено серий').nextSibling).toHaveTextContent('196');
  },
};

/** «30 дней» asks the server for that range. */
export const Month: Story = {
  play: async () => {
    await screen.findByRole('region', { name: 'Итого за период' });
    await userEvent.click(screen.getByRole('button', { name: '30 дней' }));
    await waitFor(() => expect(seen.some((request) => request.query.get('days') === '30')).toBe(true));
    await waitFor(() => expect(screen.getByRole('button', { name: '30 дней' })).toHaveAttribute('aria-pressed', 'true'));
    // 30 days: 1 + 2 + … + 30 registrations.
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'Итого за период' })).getByText('Регистрации').nextSibling).toHaveTextContent('465'));
  },
};
