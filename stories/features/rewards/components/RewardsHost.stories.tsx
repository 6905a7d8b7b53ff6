import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor } from 'storybook/test';
import { announceCardReward } from '../../../../web/src/shared/events/card-reward';
import { useSession } from '../../../../web/src/shared/session/session-context';
import { CATALOGUE, makeGrant } from '../../../../web/src/features/rewards/testing/reward-fixtures';
import { makeUser } from '../../../support/fixtures';
import { fakeRewardsSocket } from '../rewards-story-helpers';

/** The app mounts the host (AppProviders) for a signed-in user; the story shows what the session holds. */
function SessionRank() {
  const { user } = useSession();
  return <p data-testid="rank">{user?.rank ?? ''}</p>;
}

let live = fakeRewardsSocket();

const meta = {
  title: 'features/rewards/components/RewardsHost',
  component: SessionRank,
  beforeEach: () => {
    live = fakeRewardsSocket();
  },
  parameters: {
    session: { token: 'story-token', user: makeUser({ id: 'u-1', username: 'sakura', rank: 'новичок' }) },
    rewardsSocket: (token: string) => live.connect(token),
  },
} satisfies Meta<typeof SessionRank>;

export default meta;
type Story = StoryObj<typeof meta>;

const dialog = () => screen.findByRole('dialog', { name: 'Вы получили карточку!' });
const connected = () => waitFor(() => expect(live.isConnected()).toBe(true));

/** The registration's answer comes first, the socket repeats the grant: one dialog, with the socket's title. */
export const AnswerThenSocket: Story = {
  play: async () => {
    await connected();
    const grant = makeGrant({ grantId: 'g-answer-first', card: CATALOGUE[1]! });
    announceCardReward({ file: grant.card.file, grantId: grant.grantId });
    await dialog();
    live.pushCard(grant);
    await expect(await screen.findByText('Кицунэ')).toBeInTheDocument();
    await expect(screen.getAllByRole('dialog')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Забрать?' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  },
};

/** The socket comes first, the answer repeats it: shown once; after closing, it never comes back. */
export const SocketThenAnswer: Story = {
  play: async () => {
    await connected();
    const grant = makeGrant({ grantId: 'g-socket-first', card: CATALOGUE[2]! });
    live.pushCard(grant);
    await dialog();
    announceCardReward({ file: grant.card.file, grantId: grant.grantId });
    await userEvent.click(screen.getByRole('button', { name: 'Закрыть' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    live.pushCard(grant);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  },
};

/** Two grants at once: one after the other; a duplicate says what it became. */
export const Queue: Story = {
  play: async () => {
    await connected();
    live.pushCard(makeGrant({ grantId: 'g-q1', card: CATALOGUE[3]! }));
    live.pushCard(makeGrant({ grantId: 'g-q2', card: CATALOGUE[0]!, duplicate: true, points: 50 }));
    const first = await dialog();
    await expect(first).toHaveTextContent('Легенда фестиваля');
    await expect(first).toHaveTextContent('Ещё 1 карточка ждёт своей очереди.');
    await userEvent.click(screen.getByRole('button', { name: 'Закрыть' }));
    await waitFor(() => expect(screen.getByRole('dialog')).toHaveTextContent('Сакура под луной'));
    await expect(screen.getByRole('status')).toHaveTextContent('превратилась в 50 очков');
  },
};

/** A rank change: the session's user gets the new rank (the account menu shows it) and a toast says so. */
export const RankChanged: Story = {
  play: async () => {
    await connected();
    await expect(screen.getByTestId('rank')).toHaveTextContent('новичок');
    live.pushRank({ rank: 'зритель', previousRank: 'новичок', xp: 120 });
    await expect(await screen.findByText('Новый ранг: зритель')).toBeInTheDocument();
    await expect(screen.getByTestId('rank')).toHaveTextContent('зритель');
  },
};
