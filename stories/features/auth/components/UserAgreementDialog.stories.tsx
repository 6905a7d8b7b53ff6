import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { UserAgreementDialog } from '../../../../web/src/features/auth/components/UserAgreementDialog';

const meta = {
  title: 'features/auth/components/UserAgreementDialog',
  component: UserAgreementDialog,
  args: { open: true, onOpenChange: fn() },
} satisfies Meta<typeof UserAgreementDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Пользовательское соглашение' });
    const sections = within(dialog)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    await expect(sections).toHaveLength(7);
    await expect(dialog).toHaveTextContent('через 3 дня после публикации');
    await expect(dialog).toHaveTextContent('блокировка по IP-адресу');
    await expect(dialog).toHaveTextContent('законодательство Российской Федерации');
    await userEvent.keyboard('{Escape}');
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
  },
};
