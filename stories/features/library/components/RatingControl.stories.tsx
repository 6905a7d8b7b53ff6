import { ErrorCode } from '@portal/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor } from 'storybook/test';
import { RatingControl } from '../../../../web/src/features/library/components/RatingControl';
import { fail, ok, userSession } from '../../../support/fixtures';
import { PENDING, animeRef, listEntry, ratingSummary, recorder } from '../library-story-helpers';

const ratings = recorder((request) => ok(ratingSummary((request.body as { rating: number }).rating)));

const meta = {
  title: 'features/library/components/RatingControl',
  component: RatingControl,
  args: { anime: animeRef(1) },
  decorators: [(Story) => <div className="page">{Story()}</div>],
  parameters: {
    session: userSession,
    mockApi: {
      'GET /api/users/anime/1': ok(listEntry('watching')),
      'POST /api/rating': ratings.handler,
    },
  },
} satisfies Meta<typeof RatingControl>;

export default meta;
type Story = StoryObj<typeof meta>;

const option = (value: number) => screen.findByRole('radio', { name: `Оценка ${value} из 10` });

export const Unrated: Story = {
  play: async () => {
    await expect(await screen.findByText('Не оценено')).toBeInTheDocument();
    await expect(screen.getAllByRole('radio')).toHaveLength(10);
    await expect(screen.getByRole('group', { name: 'Моя оценка' })).toBeEnabled();
  },
};

export const Rated: Story = {
  parameters: { mockApi: { ...meta.parameters.mockApi, 'GET /api/users/anime/1': ok(listEntry('completed', { userRating: 8 })) } },
  play: async () => {
    await expect(await option(8)).toBeChecked();
    await expect(screen.getByText('Ваша оценка: 8')).toBeInTheDocument();
  },
};

/** Choosing a value sends it and shows the portal's average from the answer. */
export const RateNine: Story = {
  play: async () => {
    await userEvent.click(await option(9));
    await waitFor(() => expect(ratings.bodies.at(-1)).toEqual({ animeId: 1, rating: 9 }));
    await expect(await screen.findByText('Ваша оценка: 9. На портале: 8.6 (124 голоса)')).toBeInTheDocument();
    await expect(await option(9)).toBeChecked();
  },
};

export const Saving: Story = {
  parameters: { mockApi: { ...meta.parameters.mockApi, 'POST /api/rating': PENDING } },
  play: async () => {
    await userEvent.click(await option(7));
    await expect(await option(7)).toBeChecked();
    await expect(await screen.findByText('Сохраняем...')).toBeInTheDocument();
  },
};

/** The server refuses: the previous rating comes back, with a toast and the reason. */
export const SaveError: Story = {
  parameters: {
    mockApi: {
      'GET /api/users/anime/1': ok(listEntry('completed', { userRating: 6 })),
      'POST /api/rating': fail(503, ErrorCode.ServiceUnavailable, 'Сервис временно недоступен'),
    },
  },
  play: async () => {
    await userEvent.click(await option(10));
    await expect(await screen.findByText('Не удалось сохранить оценку: Сервис временно недоступен')).toBeInTheDocument();
    await expect(await screen.findByText('Не удалось сохранить оценку')).toBeInTheDocument();
    await expect(await option(6)).toBeChecked();
  },
};
