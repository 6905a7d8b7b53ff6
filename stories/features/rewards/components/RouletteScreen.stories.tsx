import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { ErrorCode } from '@portal/contracts';
import { RouletteScreen } from '../../../../web/src/features/rewards/components/RouletteScreen';
import { CATALOGUE, makeGrant, makeRouletteInfo, makeSpin } from '../../../../web/src/features/rewards/testing/reward-fixtures';
import { fail, makeUser, ok } from '../../../support/fixtures';

const routes = {
  'GET /api/user/roulette': ok(makeRouletteInfo()),
  'GET /api/cards': ok({ cards: CATALOGUE }),
  'POST /api/user/spin-roulette': ok(makeSpin()),
};

const meta = {
  title: 'features/rewards/components/RouletteScreen',
  component: RouletteScreen,
  args: { landingMs: 60 },
  parameters: { session: { token: 'story-token', user: makeUser() }, mockApi: routes },
} satisfies Meta<typeof RouletteScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const spinButton = () => screen.findByRole('button', { name: 'Крутить за 100 очков' });

/** Price, balance, odds by rarity and the recent spins, before a spin. */
export const Idle: Story = {
  play: async () => {
    await expect(await screen.findByText('Цена прокрутки: 100 очков')).toBeInTheDocument();
    await expect(screen.getByText('Ваш баланс: 250 очков')).toBeInTheDocument();
    await expect(screen.getByText('обычная — 60%')).toBeInTheDocument();
    await expect(screen.getByText('легендарная — 5%')).toBeInTheDocument();
    await expect(within(screen.getByRole('list', { name: 'Последние прокрутки' })).getByText(/Кицунэ · редкая/)).toBeInTheDocument();
    await expect(await spinButton()).toBeEnabled();
    await expect(screen.getByTestId('roulette-reel')).toHaveAttribute('aria-hidden', 'true');
  },
};

/** The reel turns as soon as the button is pressed, while the server draws (its answer has not come). */
export const Spinning: Story = {
  parameters: { mockApi: { ...routes, 'POST /api/user/spin-roulette': { hang: true } } },
  play: async () => {
    await userEvent.click(await spinButton());
    await expect(await screen.findByRole('button', { name: 'Крутится...' })).toBeDisabled();
    await expect(screen.getByTestId('roulette-reel').querySelector('ul')).toHaveAttribute('data-phase', 'spinning');
    await expect(screen.getByRole('status', { name: '' })).toHaveTextContent('');
  },
};

/** The reel stops on the card the server names, the result is read out, the balance and recent spins update. */
export const Result: Story = {
  play: async () => {
    await userEvent.click(await spinButton());
    await waitFor(() => expect(screen.getByText('Выпала карточка «Легенда фестиваля» (легендарная)!')).toBeInTheDocument());
    const landed = screen.getByTestId('roulette-reel').querySelector('[data-landed="true"]');
    await expect(landed).toHaveAttribute('data-card', 'card-legend');
    await expect(screen.getByText('Ваш баланс: 150 очков')).toBeInTheDocument();
    await expect(within(screen.getByRole('list', { name: 'Последние прокрутки' })).getAllByRole('listitem')[0]).toHaveTextContent(
      'Легенда фестиваля · легендарная',
    );
    await expect(screen.getByRole('link', { name: 'К коллекции' })).toHaveAttribute('href', '/profile?tab=cards');
    // The card is shown here: no card dialog on top of it.
    await expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  },
};

/** A card the user had: the result says it became points. */
export const ResultDuplicate: Story = {
  parameters: {
    mockApi: {
      ...routes,
      'POST /api/user/spin-roulette': ok(makeSpin({ reward: makeGrant({ grantId: 'g-dup', source: 'roulette', duplicate: true, points: 40 }) })),
    },
  },
  play: async () => {
    await userEvent.click(await spinButton());
    await waitFor(() => expect(screen.getByText('Выпала карточка «Сакура под луной» — она у вас уже есть и превратилась в 40 очков.')).toBeInTheDocument());
  },
};

/** Not enough points: the button is off and says how many are missing. */
export const NotEnoughPoints: Story = {
  parameters: { mockApi: { ...routes, 'GET /api/user/roulette': ok(makeRouletteInfo({ balance: 30, recent: [] })) } },
  play: async () => {
    await expect(await spinButton()).toBeDisabled();
    await expect(screen.getByText(/Не хватает 70 очков/)).toBeInTheDocument();
    await expect(screen.getByText('Вы ещё не крутили рулетку.')).toBeInTheDocument();
  },
};

/** The server refuses (the balance changed elsewhere): its Russian message, and the reel back at rest. */
export const ServerRefusal: Story = {
  parameters: { mockApi: { ...routes, 'POST /api/user/spin-roulette': fail(400, ErrorCode.ValidationFailed, 'Недостаточно очков для прокрутки') } },
  play: async () => {
    await userEvent.click(await spinButton());
    await expect(await screen.findByRole('alert')).toHaveTextContent('Недостаточно очков для прокрутки');
    await expect(screen.getByTestId('roulette-reel').querySelector('ul')).toHaveAttribute('data-phase', 'idle');
    await expect(await spinButton()).toBeEnabled();
  },
};

/** Keyboard: the spin is a button reached with Tab and pressed with Enter. */
export const Keyboard: Story = {
  play: async () => {
    const button = await spinButton();
    button.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByText(/Выпала карточка «Легенда фестиваля»/)).toBeInTheDocument());
  },
};

export const Loading: Story = {
  parameters: { mockApi: { ...routes, 'GET /api/user/roulette': { hang: true } } },
  play: async () => {
    await expect(await screen.findByText('Загружаем рулетку...')).toBeInTheDocument();
  },
};

export const LoadError: Story = {
  parameters: { mockApi: { ...routes, 'GET /api/user/roulette': fail(503, ErrorCode.ServiceUnavailable, 'Сервис наград недоступен') } },
  play: async () => {
    await expect(await screen.findByText('Не удалось загрузить рулетку')).toBeInTheDocument();
  },
};
