import { ErrorCode } from '@portal/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { ContinueWatching } from '../../../../web/src/features/library/components/ContinueWatching';
import type { MockRequest } from '../../../../web/src/test/mock-api';
import { fail, ok, userSession } from '../../../support/fixtures';
import { AT_375, PENDING, continueItem } from '../library-story-helpers';

const ITEMS = [continueItem(20, 3, 754), continueItem(21, 12, 95, { duration: null }), continueItem(5114, 1, 1300)];
/** The queries of the DELETE calls a story made. */
const forgotten: string[] = [];

const meta = {
  title: 'features/library/components/ContinueWatching',
  component: ContinueWatching,
  decorators: [
    (Story) => (
      <div className="page" data-testid="slot">
        {Story()}
      </div>
    ),
  ],
  parameters: { session: userSession, mockApi: { 'GET /api/progress/continue': ok(ITEMS) } },
} satisfies Meta<typeof ContinueWatching>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithItems: Story = {
  play: async () => {
    const row = await screen.findByRole('list', { name: 'Продолжить просмотр' });
    const links = within(row).getAllByRole('link');
    await expect(links).toHaveLength(3);
    await expect(links[0]).toHaveAttribute('href', '/watch/20/3');
    await expect(links[0]).toHaveAccessibleName('Продолжить «Наруто», серия 3 с 12:34');
    await expect(links[0]).toHaveTextContent('Серия 3 · 12:34 из 23:40');
    await expect(within(links[0]!).getByRole('progressbar', { hidden: true })).toHaveAttribute('aria-valuenow', '53');
    // Without a known length there is no bar, only the time.
    await expect(links[1]).toHaveTextContent('Серия 12 · 1:35');
    await expect(within(links[1]!).queryByRole('progressbar', { hidden: true })).not.toBeInTheDocument();
    // Each card can be dismissed; the button is described by the card's title.
    const dismiss = within(row).getAllByRole('button', { name: 'Убрать из списка' });
    await expect(dismiss).toHaveLength(3);
    await expect(dismiss[0]).toHaveAccessibleDescription('Наруто');
    // The home page's first row: its first two posters are above the fold (eager, high priority), the rest lazy.
    const posters = row.querySelectorAll('img');
    await expect(posters[0]).toHaveAttribute('fetchpriority', 'high');
    await expect(posters[1]).toHaveAttribute('loading', 'eager');
    await expect(posters[2]).toHaveAttribute('loading', 'lazy');
  },
};

export const Loading: Story = {
  parameters: { mockApi: { 'GET /api/progress/continue': PENDING } },
  play: async () => {
    await expect(await screen.findByRole('list', { name: 'Загружаем «Продолжить просмотр»...' })).toHaveAttribute('aria-busy', 'true');
  },
};

/** Nothing to continue: the row is not shown at all. */
export const Empty: Story = {
  parameters: { mockApi: { 'GET /api/progress/continue': ok([]) } },
  play: async () => {
    const slot = await screen.findByTestId('slot');
    await waitFor(() => expect(slot).toBeEmptyDOMElement());
  },
};

export const Guest: Story = {
  parameters: { session: null },
  play: async () => {
    await expect(await screen.findByTestId('slot')).toBeEmptyDOMElement();
  },
};

export const Mobile: Story = {
  ...AT_375,
  play: async () => {
    await expect(await screen.findByRole('list', { name: 'Продолжить просмотр' })).toBeInTheDocument();
  },
};

/** The DELETE is still on its way, yet the card has left: the viewer's neighbour card takes the focus. */
export const Dismissed: Story = {
  parameters: {
    mockApi: {
      'GET /api/progress/continue': ok(ITEMS),
      'DELETE /api/progress': (request: MockRequest) => {
        forgotten.push(request.query.toString());
        return PENDING;
      },
    },
  },
  play: async () => {
    const row = await screen.findByRole('list', { name: 'Продолжить просмотр' });
    await userEvent.click(within(row).getAllByRole('button', { name: 'Убрать из списка' })[0]!);
    await waitFor(() => expect(within(row).getAllByRole('link')).toHaveLength(2));
    await expect(within(row).queryByRole('link', { name: /Наруто/ })).not.toBeInTheDocument();
    await expect(within(row).getAllByRole('link')[0]).toHaveFocus();
    // The whole title is forgotten: animeId and no episode.
    await expect(forgotten.at(-1)).toBe('animeId=20');
  },
};

/** The server refuses: the card comes back, with a toast. */
export const DismissFailed: Story = {
  parameters: {
    mockApi: { 'GET /api/progress/continue': ok(ITEMS), 'DELETE /api/progress': fail(503, ErrorCode.ServiceUnavailable, 'Сервис временно недоступен') },
  },
  play: async () => {
    const row = await screen.findByRole('list', { name: 'Продолжить просмотр' });
    await userEvent.click(within(row).getAllByRole('button', { name: 'Убрать из списка' })[0]!);
    await expect(await screen.findByText('Не удалось убрать из «Продолжить просмотр»')).toBeInTheDocument();
    await waitFor(() => expect(within(row).getAllByRole('link')).toHaveLength(3));
  },
};
