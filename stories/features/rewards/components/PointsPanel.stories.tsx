import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, within } from 'storybook/test';
import { ErrorCode } from '@portal/contracts';
import { PointsPanel } from '../../../../web/src/features/rewards/components/PointsPanel';
import { makePoints } from '../../../../web/src/features/rewards/testing/reward-fixtures';
import { fail, makeUser, ok } from '../../../support/fixtures';
import type { MockRequest } from '../../../../web/src/test/mock-api';

const meta = {
  title: 'features/rewards/components/PointsPanel',
  component: PointsPanel,
  parameters: { session: { token: 'story-token', user: makeUser() }, mockApi: { 'GET /api/users/me/points': ok(makePoints()) } },
} satisfies Meta<typeof PointsPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Balance, XP to the next rank, and the history: earned in plus, a spin in minus. */
export const BalanceAndHistory: Story = {
  play: async () => {
    await expect(await screen.findByText('Баланс: 250 очков')).toBeInTheDocument();
    await expect(screen.getByText('До ранга «знаток» осталось 280 опыта')).toBeInTheDocument();
    const rows = within(screen.getByRole('list', { name: 'История' })).getAllByRole('listitem');
    await expect(rows[0]).toHaveTextContent('Прокрутка рулетки−100'.replace('−', '-'));
    await expect(rows[1]).toHaveTextContent('Повторная карточка+50');
  },
};

/** Older entries page by page with the cursor. */
export const MorePages: Story = {
  parameters: {
    mockApi: {
      'GET /api/users/me/points': (request: MockRequest) =>
        request.query.get('cursor') === 'c-2'
          ? ok(makePoints({ history: [{ id: 'p-0', kind: 'quiz.success', amount: 20, createdAt: '2026-11-01T12:00:00.000Z' }], nextCursor: null }))
          : ok(makePoints({ nextCursor: 'c-2' })),
    },
  },
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Показать ещё' }));
    await expect(await screen.findByText('Квиз пройден')).toBeInTheDocument();
    await expect(screen.queryByRole('button', { name: 'Показать ещё' })).not.toBeInTheDocument();
  },
};

export const TopRankNoHistory: Story = {
  parameters: { mockApi: { 'GET /api/users/me/points': ok(makePoints({ balance: 0, rank: 'легенда', nextRank: null, history: [] })) } },
  play: async () => {
    await expect(await screen.findByText('Это высший ранг.')).toBeInTheDocument();
    await expect(screen.getByText(/Очков пока не было/)).toBeInTheDocument();
  },
};

export const LoadError: Story = {
  parameters: { mockApi: { 'GET /api/users/me/points': fail(503, ErrorCode.ServiceUnavailable, 'Сервис наград недоступен') } },
  play: async () => {
    await expect(await screen.findByText('Не удалось загрузить очки')).toBeInTheDocument();
  },
};
