import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor } from 'storybook/test';
import { StartWatchPartyButton } from '../../../../web/src/features/watch-party/components/StartWatchPartyButton';
import type { MockRequest } from '../../../../web/src/test/mock-api';
import { ok, userSession } from '../../../support/fixtures';

const requests: MockRequest[] = [];

const meta = {
  title: 'features/watch-party/components/StartWatchPartyButton',
  component: StartWatchPartyButton,
  args: { animeId: 20, episode: 3 },
  parameters: {
    session: userSession,
    route: '/watch/20/3',
    mockApi: {
      'POST /api/watch-party': (request: MockRequest) => {
        requests.push(request);
        return ok({ roomId: 'Room12345678', url: '/watch-party/Room12345678' }, 201);
      },
    },
  },
} satisfies Meta<typeof StartWatchPartyButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Idle: Story = {
  play: async () => {
    requests.length = 0;
    await userEvent.click(screen.getByRole('button', { name: 'Создать совместный просмотр' }));
    await waitFor(() => expect(requests.map((request) => request.body)).toEqual([{ animeId: 20, episode: 3 }]));
  },
};

export const Creating: Story = {
  parameters: { mockApi: { 'POST /api/watch-party': { hang: true } } },
  play: async () => {
    await userEvent.click(screen.getByRole('button', { name: 'Создать совместный просмотр' }));
    await expect(await screen.findByRole('button', { name: 'Создаём комнату…' })).toBeDisabled();
  },
};
