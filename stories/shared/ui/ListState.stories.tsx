import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent } from 'storybook/test';
import { ListState } from '../../../web/src/shared/ui/ListState';

const meta = {
  title: 'shared/ui/ListState',
  component: ListState,
  args: { kind: 'loading', label: 'Загрузка комментариев...' },
} satisfies Meta<typeof ListState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  args: { kind: 'loading', label: 'Загрузка комментариев...' },
  play: async () => {
    await expect(screen.getByRole('status')).toHaveTextContent('Загрузка комментариев...');
  },
};

export const Empty: Story = {
  args: { kind: 'empty', text: 'Комментариев пока нет. Напишите первым!' },
  play: async () => {
    await expect(screen.getByText('Комментариев пока нет. Напишите первым!')).toHaveClass('muted');
  },
};

/** What failed, the server's message (announced), and «Повторить». */
export const ErrorWithRetry: Story = {
  args: { kind: 'error', title: 'Не удалось загрузить рецензии', message: 'Сервис временно недоступен', onRetry: fn() },
  play: async ({ args }) => {
    await expect(screen.getByText('Не удалось загрузить рецензии')).toBeInTheDocument();
    await expect(screen.getByRole('alert')).toHaveTextContent('Сервис временно недоступен');
    await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    if (args.kind === 'error') await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};
