import { ErrorCode, type OnlineStats } from '@portal/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { OnlineStatsDialog } from '../../../../web/src/features/online/components/OnlineStatsDialog';
import type { MockRequest } from '../../../../web/src/test/mock-api';
import { fail, ok } from '../../../support/fixtures';

const meta = {
  title: 'features/online/components/OnlineStatsDialog',
  component: OnlineStatsDialog,
  args: { open: true, onOpenChange: fn() },
} satisfies Meta<typeof OnlineStatsDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const USERS = 'GET /api/online/users';
const names = Array.from({ length: 47 }, (_, index) => `viewer_${String(index + 1).padStart(2, '0')}`);
const manyOnline: OnlineStats = { usersOnline: names.length, guestsOnline: 12, botsOnline: 2, usernames: names.slice(0, 20) };
/** The server's pages of `names`, by the request's offset and limit. */
const pageOfNames = (request: MockRequest) => {
  const offset = Number(request.query.get('offset'));
  const limit = Number(request.query.get('limit'));
  return ok({ items: names.slice(offset, offset + limit), offset, limit, total: names.length });
};

const openDialog = () => screen.findByRole('dialog', { name: 'Сейчас на сайте' });
const showMore = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Показать ещё' });

export const WaitingForStats: Story = {
  parameters: { onlineStats: null },
  play: async () => {
    const dialog = await openDialog();
    await expect(within(dialog).getByRole('status')).toHaveTextContent('Получаем статистику...');
  },
};

export const Empty: Story = {
  parameters: { onlineStats: { usersOnline: 0, guestsOnline: 3, botsOnline: 1, usernames: [] } },
  play: async () => {
    const dialog = await openDialog();
    await expect(dialog).toHaveTextContent('Нет пользователей онлайн');
    await expect(within(dialog).getByText('Гости').nextElementSibling).toHaveTextContent('3');
    await expect(within(dialog).queryByRole('button', { name: 'Показать ещё' })).not.toBeInTheDocument();
  },
};

export const FewUsers: Story = {
  parameters: { onlineStats: { usersOnline: 5, guestsOnline: 2, botsOnline: 0, usernames: names.slice(0, 5) } },
  play: async () => {
    const dialog = await openDialog();
    await expect(within(within(dialog).getByRole('list')).getAllByRole('link')).toHaveLength(5);
    await expect(within(dialog).queryByRole('button', { name: 'Показать ещё' })).not.toBeInTheDocument();
  },
};

export const ManyUsers: Story = {
  parameters: { onlineStats: manyOnline },
  play: async ({ args }) => {
    const dialog = await openDialog();
    const list = within(dialog).getByRole('list');
    await expect(within(list).getAllByRole('link')).toHaveLength(20);
    await expect(within(list).getByRole('link', { name: 'Профиль пользователя viewer_01' })).toHaveAttribute('href', '/user/viewer_01');
    await expect(within(dialog).getByText('Пользователи').nextElementSibling).toHaveTextContent('47');
    await expect(showMore(dialog)).toBeEnabled();
    await userEvent.keyboard('{Escape}');
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
  },
};

export const LoadingMore: Story = {
  parameters: { onlineStats: manyOnline, mockApi: { [USERS]: { hang: true } } },
  play: async () => {
    const dialog = await openDialog();
    await userEvent.click(showMore(dialog));
    await expect(await within(dialog).findByRole('button', { name: 'Загружаем ещё...' })).toBeDisabled();
    await expect(within(within(dialog).getByRole('list')).getAllByRole('link')).toHaveLength(20);
  },
};

export const AllLoaded: Story = {
  parameters: { onlineStats: manyOnline, mockApi: { [USERS]: pageOfNames } },
  play: async () => {
    const dialog = await openDialog();
    const list = within(dialog).getByRole('list');
    await userEvent.click(showMore(dialog));
    await expect(await within(list).findByRole('link', { name: 'Профиль пользователя viewer_40' })).toHaveAttribute('href', '/user/viewer_40');
    await expect(within(list).getAllByRole('link')).toHaveLength(40);
    await userEvent.click(showMore(dialog));
    await expect(await within(list).findByRole('link', { name: 'Профиль пользователя viewer_47' })).toBeInTheDocument();
    await expect(within(list).getAllByRole('link')).toHaveLength(47);
    await expect(within(dialog).queryByRole('button', { name: 'Показать ещё' })).not.toBeInTheDocument();
  },
};

export const LoadMoreFailed: Story = {
  parameters: {
    onlineStats: manyOnline,
    mockApi: { [USERS]: [fail(503, ErrorCode.ServiceUnavailable, 'Сервис временно недоступен, попробуйте позже'), pageOfNames] },
  },
  play: async () => {
    const dialog = await openDialog();
    await userEvent.click(showMore(dialog));
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent('Не удалось загрузить список. Попробуйте ещё раз.');
    await expect(within(within(dialog).getByRole('list')).getAllByRole('link')).toHaveLength(20);
    await userEvent.click(showMore(dialog));
    await expect(await within(dialog).findByRole('link', { name: 'Профиль пользователя viewer_40' })).toBeInTheDocument();
    await expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  },
};
