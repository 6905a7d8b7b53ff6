import { ErrorCode, REVIEW_MESSAGES } from '@portal/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { DeleteReviewDialog } from '../../../../web/src/features/reviews/components/DeleteReviewDialog';
import { ApiError } from '../../../../web/src/shared/api/api-error';

const meta = {
  title: 'features/reviews/components/DeleteReviewDialog',
  component: DeleteReviewDialog,
  args: { open: true, pending: false, error: null, onOpenChange: fn(), onConfirm: fn() },
} satisfies Meta<typeof DeleteReviewDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const dialog = () => screen.findByRole('dialog', { name: 'Удалить рецензию?' });

export const Confirm: Story = {
  play: async ({ args }) => {
    const view = within(await dialog());
    await expect(view.getByText('Рецензия и её оценки будут удалены навсегда.')).toBeInTheDocument();
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
  args: { error: new ApiError(REVIEW_MESSAGES.deleteForeign, 403, ErrorCode.Forbidden) },
  play: async () => {
    const view = within(await dialog());
    await expect(view.getByRole('alert')).toHaveTextContent(REVIEW_MESSAGES.deleteForeign);
    await expect(view.getByRole('button', { name: 'Удалить' })).toBeEnabled();
  },
};
