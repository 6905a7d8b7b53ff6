import { COMMENT_MESSAGES, ErrorCode } from '@portal/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { DeleteCommentDialog } from '../../../../web/src/features/comments/components/DeleteCommentDialog';
import { ApiError } from '../../../../web/src/shared/api/api-error';

const meta = {
  title: 'features/comments/components/DeleteCommentDialog',
  component: DeleteCommentDialog,
  args: { open: true, pending: false, error: null, onOpenChange: fn(), onConfirm: fn() },
} satisfies Meta<typeof DeleteCommentDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const dialog = () => screen.findByRole('dialog', { name: 'Удалить комментарий?' });

export const Confirm: Story = {
  play: async ({ args }) => {
    const view = within(await dialog());
    await expect(view.getByText(/Ответы на него останутся/)).toBeInTheDocument();
    await userEvent.click(view.getByRole('button', { name: 'Удалить' }));
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
    await userEvent.click(view.getByRole('button', { name: 'Отмена' }));
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
  },
};

export const Deleting: Story = {
  args: { pending: true },
  play: async () => {
    const view = within(await dialog());
    await expect(view.getByRole('button', { name: 'Удаление...' })).toBeDisabled();
    await expect(view.getByRole('button', { name: 'Отмена' })).toBeDisabled();
  },
};

export const Refused: Story = {
  args: { error: new ApiError(COMMENT_MESSAGES.deleteForeign, 403, ErrorCode.Forbidden) },
  play: async () => {
    const view = within(await dialog());
    await expect(view.getByRole('alert')).toHaveTextContent(COMMENT_MESSAGES.deleteForeign);
    await expect(view.getByRole('button', { name: 'Удалить' })).toBeEnabled();
  },
};
