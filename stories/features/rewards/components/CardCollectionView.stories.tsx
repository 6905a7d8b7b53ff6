import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { ErrorCode } from '@portal/contracts';
import { CardCollectionView } from '../../../../web/src/features/rewards/components/CardCollectionView';
import { CATALOGUE, makeCollection } from '../../../../web/src/features/rewards/testing/reward-fixtures';
import { fail, makeUser, ok } from '../../../support/fixtures';

const session = { token: 'story-token', user: makeUser() };

const meta = {
  title: 'features/rewards/components/CardCollectionView',
  component: CardCollectionView,
  args: { owner: null, own: true },
  parameters: { session, route: '/profile?tab=cards', mockApi: { 'GET /api/users/me/cards': ok(makeCollection()) } },
} satisfies Meta<typeof CardCollectionView>;

export default meta;
type Story = StoryObj<typeof meta>;

const tiles = async () => within(await screen.findByRole('list', { name: 'Карточки коллекции' })).getAllByRole('link');

/** «Собрано 2 из 5», owned cards first with ×N, the missing ones as silhouettes; each opens its page. */
export const Collection: Story = {
  play: async () => {
    await expect(await screen.findByText('Собрано 2 из 5')).toBeInTheDocument();
    const links = await tiles();
    await expect(links.map((link) => link.getAttribute('aria-label'))).toEqual([
      'Небесный дракон, эпическая',
      'Сакура под луной, обычная',
      'Легенда фестиваля: ещё не получена',
      'Кицунэ: ещё не получена',
      'Кот-самурай: ещё не получена',
    ]);
    await expect(links[0]).toHaveAttribute('href', '/cards/card-dragon');
    await expect(within(links[1]!).getByLabelText('Экземпляров: 2')).toHaveTextContent('×2');
    // A WebM card loops muted; a silhouette shows no picture.
    const video = links[0]!.querySelector('video');
    await expect(video?.loop && video.muted && video.autoplay).toBe(true);
    await expect(video).toHaveAttribute('src', '/api/cards/dragon.webm');
    await expect(links[2]!.querySelector('img, video')).toBeNull();
  },
};

/** The rarity filter keeps the choice in ?rarity=. */
export const FilterByRarity: Story = {
  play: async () => {
    await screen.findByText('Собрано 2 из 5');
    await userEvent.click(screen.getByRole('radio', { name: 'обычная' }));
    await waitFor(async () =>
      expect((await tiles()).map((link) => link.getAttribute('aria-label'))).toEqual(['Сакура под луной, обычная', 'Кот-самурай: ещё не получена']),
    );
    await userEvent.click(screen.getByRole('radio', { name: 'легендарная' }));
    await waitFor(async () => expect(await tiles()).toHaveLength(1));
    await userEvent.click(screen.getByRole('radio', { name: 'Все' }));
    await waitFor(async () => expect(await tiles()).toHaveLength(5));
  },
};

/** Opened with ?rarity=epic. */
export const FilteredFromUrl: Story = {
  parameters: { route: '/profile?tab=cards&rarity=epic' },
  play: async () => {
    await expect(await screen.findByRole('radio', { name: 'эпическая' })).toBeChecked();
    await expect(await tiles()).toHaveLength(1);
  },
};

/** No card yet: every card a silhouette, and where cards come from. */
export const NothingCollected: Story = {
  parameters: { mockApi: { 'GET /api/users/me/cards': ok(makeCollection({ owned: [], collected: 0 })) } },
  play: async () => {
    await expect(await screen.findByText('Собрано 0 из 5')).toBeInTheDocument();
    await expect(screen.getByText(/У вас пока нет карточек/)).toBeInTheDocument();
    const links = await tiles();
    await expect(links.every((link) => link.getAttribute('data-missing') === 'true')).toBe(true);
  },
};

/** Another user's collection, read-only, from their public address. */
export const OtherUser: Story = {
  args: { owner: 'hinata', own: false },
  parameters: {
    route: '/user/hinata?tab=cards',
    mockApi: {
      'GET /api/users/profile/hinata/cards': ok(
        makeCollection({ owned: [{ card: CATALOGUE[1]!, count: 3, firstGrantedAt: '2026-11-01T00:00:00.000Z' }], collected: 1 }),
      ),
    },
  },
  play: async () => {
    await expect(await screen.findByText('Собрано 1 из 5')).toBeInTheDocument();
    await expect((await tiles())[0]).toHaveAccessibleName('Кицунэ, редкая');
    await expect(screen.queryByRole('button')).not.toBeInTheDocument();
  },
};

/** No cards exist at all yet. */
export const EmptyCatalogue: Story = {
  parameters: { mockApi: { 'GET /api/users/me/cards': ok({ cards: [], owned: [], collected: 0, total: 0 }) } },
  play: async () => {
    await expect(await screen.findByText(/Карточек пока нет/)).toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: { mockApi: { 'GET /api/users/me/cards': { hang: true } } },
  play: async () => {
    await expect(await screen.findByText('Загружаем карточки...')).toBeInTheDocument();
  },
};

export const LoadError: Story = {
  parameters: { mockApi: { 'GET /api/users/me/cards': [fail(500, ErrorCode.Internal, 'Сервис наград недоступен'), ok(makeCollection())] } },
  play: async () => {
    await expect(await screen.findByText('Не удалось загрузить карточки')).toBeInTheDocument();
    await expect(screen.getByRole('alert')).toHaveTextContent('Сервис наград недоступен');
    await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    await expect(await screen.findByText('Собрано 2 из 5')).toBeInTheDocument();
  },
};
