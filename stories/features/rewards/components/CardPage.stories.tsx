import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, within } from 'storybook/test';
import { ErrorCode } from '@portal/contracts';
import CardPage from '../../../../web/src/features/rewards/components/CardPage';
import { makeOwners } from '../../../../web/src/features/rewards/testing/reward-fixtures';
import { fail, makeUser, ok } from '../../../support/fixtures';
import { pageAtRoute } from '../../../support/page-at-route';

const meta = {
  title: 'features/rewards/components/CardPage',
  component: pageAtRoute('/cards/:id', CardPage),
  parameters: {
    session: { token: 'story-token', user: makeUser() },
    route: '/cards/card-dragon',
    mockApi: { 'GET /api/cards/card-dragon/owners': ok(makeOwners()) },
  },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** The card, its rarity, and who else has it (with their copies), each linking to their profile. */
export const WithOwners: Story = {
  play: async () => {
    await expect(await screen.findByRole('heading', { level: 1, name: 'Небесный дракон' })).toBeInTheDocument();
    await expect(screen.getByText('Редкость: эпическая')).toBeInTheDocument();
    await expect(screen.getByText('Карточка есть у 2 пользователей')).toBeInTheDocument();
    const owners = within(screen.getByRole('list', { name: 'У кого она есть' })).getAllByRole('listitem');
    await expect(within(owners[1]!).getByRole('link', { name: 'hinata' })).toHaveAttribute('href', '/user/hinata');
    await expect(owners[1]).toHaveTextContent('3 карточки');
    await expect(screen.getByRole('img', { name: 'Небесный дракон' })).toHaveAttribute('src', '/api/cards/dragon.webm');
  },
};

export const NoOwners: Story = {
  parameters: { mockApi: { 'GET /api/cards/card-dragon/owners': ok(makeOwners({ owners: [], ownersCount: 0 })) } },
  play: async () => {
    await expect(await screen.findByText('Эту карточку ещё никто не получил.')).toBeInTheDocument();
  },
};

export const NotFound: Story = {
  parameters: { mockApi: { 'GET /api/cards/card-dragon/owners': fail(404, ErrorCode.NotFound, 'Карточка не найдена') } },
  play: async () => {
    await expect(await screen.findByRole('heading', { name: 'Карточка не найдена' })).toBeInTheDocument();
  },
};

export const LoadError: Story = {
  parameters: { mockApi: { 'GET /api/cards/card-dragon/owners': fail(503, ErrorCode.ServiceUnavailable, 'Сервис наград недоступен') } },
  play: async () => {
    await expect(await screen.findByText('Не удалось загрузить карточку')).toBeInTheDocument();
    await expect(screen.getByRole('button', { name: 'Повторить' })).toBeInTheDocument();
  },
};
