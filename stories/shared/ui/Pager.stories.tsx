import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent } from 'storybook/test';
import { Pager } from '../../../web/src/shared/ui/Pager';

const meta = {
  title: 'shared/ui/Pager',
  component: Pager,
  args: { page: 1, pages: 3, label: 'Страницы квизов', onPage: fn() },
} satisfies Meta<typeof Pager>;

export default meta;
type Story = StoryObj<typeof meta>;

const previous = () => screen.getByRole('button', { name: '← Назад' });
const next = () => screen.getByRole('button', { name: 'Дальше →' });

export const FirstPage: Story = {
  play: async ({ args }) => {
    await expect(screen.getByRole('navigation', { name: 'Страницы квизов' })).toHaveTextContent('Страница 1 из 3');
    await expect(previous()).toBeDisabled();
    await userEvent.click(next());
    await expect(args.onPage).toHaveBeenCalledWith(2);
  },
};

export const MiddlePage: Story = {
  args: { page: 2 },
  play: async ({ args }) => {
    await userEvent.click(previous());
    await expect(args.onPage).toHaveBeenCalledWith(1);
    await userEvent.click(next());
    await expect(args.onPage).toHaveBeenCalledWith(3);
  },
};

export const LastPage: Story = {
  args: { page: 3 },
  play: async () => {
    await expect(screen.getByText('Страница 3 из 3')).toBeInTheDocument();
    await expect(next()).toBeDisabled();
  },
};

/** One page: no pager at all. */
export const SinglePage: Story = {
  args: { pages: 1 },
  play: async () => {
    await expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  },
};
