import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen } from 'storybook/test';
import { SyncIndicator } from '../../../../web/src/features/watch-party/components/SyncIndicator';

const meta = {
  title: 'features/watch-party/components/SyncIndicator',
  component: SyncIndicator,
  args: { status: { kind: 'in-sync' } },
} satisfies Meta<typeof SyncIndicator>;

export default meta;
type Story = StoryObj<typeof meta>;

export const InSync: Story = {
  play: async () => {
    await expect(screen.getByRole('status')).toHaveTextContent('Синхронно с ведущим');
  },
};

export const CatchingUp: Story = {
  args: { status: { kind: 'catching-up' } },
  play: async () => {
    await expect(screen.getByRole('status')).toHaveTextContent('Подстраиваемся под ведущего…');
  },
};

export const Desync: Story = {
  args: { status: { kind: 'desync', seconds: 2.4 } },
  play: async () => {
    await expect(screen.getByRole('status')).toHaveTextContent('Рассинхронизация: 2.4 с');
  },
};
