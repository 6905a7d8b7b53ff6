import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor } from 'storybook/test';
import ProfilePage from '../../../web/src/features/profile/components/ProfilePage';
import UserProfilePage from '../../../web/src/features/profile/components/UserProfilePage';
import type { ProfilePageSlots } from '../../../web/src/features/profile/components/ProfileView';
import ProfileAchievements from '../../../web/src/features/rewards/components/ProfileAchievements';
import ProfileCards from '../../../web/src/features/rewards/components/ProfileCards';
import ProfileRoulette from '../../../web/src/features/rewards/components/ProfileRoulette';
import { ACHIEVEMENTS, CATALOGUE, makeCollection, makePoints, makeRouletteInfo } from '../../../web/src/features/rewards/testing/reward-fixtures';
import { makeUser, ok } from '../../support/fixtures';
import { pageAtRoute } from '../../support/page-at-route';
import { listServer, publicUser, sampleList } from '../profile/profile-story-helpers';

/** The rewards' tabs as the app composes them into the profile pages (AppRoutes' PROFILE_PAGE_SLOTS). */
const SLOTS: ProfilePageSlots = { cards: ProfileCards, achievements: ProfileAchievements, roulette: ProfileRoulette };
const session = { token: 'story-token', user: makeUser({ username: 'sakura', displayName: 'Сакура', rank: 'любитель' }) };

const OwnAtRoute = pageAtRoute('/profile', () => <ProfilePage slots={SLOTS} />);
const OtherAtRoute = pageAtRoute('/user/:username', () => <UserProfilePage slots={SLOTS} />);

function Pages() {
  return (
    <>
      <OwnAtRoute />
      <OtherAtRoute />
    </>
  );
}

const meta = {
  title: 'features/rewards/ProfileRewardsTabs',
  component: Pages,
  parameters: {
    session,
    route: '/profile?tab=cards',
    mockApi: {
      'GET /api/users/anime': listServer(sampleList),
      'GET /api/users/me/cards': ok(makeCollection()),
      'GET /api/users/me/achievements': ok(ACHIEVEMENTS),
      'GET /api/users/me/points': ok(makePoints()),
      'GET /api/user/roulette': ok(makeRouletteInfo()),
      'GET /api/cards': ok({ cards: CATALOGUE }),
      'GET /api/users/profile/hinata': ok(publicUser()),
      'GET /api/users/profile/hinata/anime': listServer([]),
      'GET /api/users/profile/hinata/cards': ok(makeCollection({ owned: [], collected: 0 })),
      'GET /api/users/profile/hinata/achievements': ok([]),
    },
  },
} satisfies Meta<typeof Pages>;

export default meta;
type Story = StoryObj<typeof meta>;

/** SPEC: /profile?tab=cards opens the collection («Забрать?» of the card dialog leads here). */
export const OwnCardsTab: Story = {
  play: async () => {
    await expect(await screen.findByRole('tab', { name: 'Карточки' })).toHaveAttribute('aria-selected', 'true');
    await expect(await screen.findByText('Собрано 2 из 5')).toBeInTheDocument();
    await expect(screen.getByRole('tab', { name: 'Рулетка' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Достижения' }));
    await expect(await screen.findByText('Первая рецензия')).toBeInTheDocument();
  },
};

/** The own «Рулетка» tab: the roulette and the points with their history. */
export const OwnRouletteTab: Story = {
  parameters: { route: '/profile?tab=roulette' },
  play: async () => {
    await expect(await screen.findByText('Цена прокрутки: 100 очков')).toBeInTheDocument();
    await expect(await screen.findByText('Баланс: 250 очков')).toBeInTheDocument();
  },
};

/** Another user's profile: cards and achievements read-only, no roulette (?tab=roulette opens the default tab). */
export const OtherUserNoRoulette: Story = {
  parameters: { route: '/user/hinata?tab=roulette' },
  play: async () => {
    await waitFor(() => expect(screen.getByRole('tab', { name: /^Смотрю/ })).toHaveAttribute('aria-selected', 'true'));
    await expect(screen.queryByRole('tab', { name: 'Рулетка' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Карточки' }));
    await expect(await screen.findByText('Собрано 0 из 5')).toBeInTheDocument();
    await expect(screen.getByText('У пользователя пока нет карточек.')).toBeInTheDocument();
  },
};
