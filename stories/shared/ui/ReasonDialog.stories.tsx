import { ErrorCode, REVIEW_MESSAGES, REVIEW_REASON_MAX } from '@portal/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { REVIEWS_STRINGS } from '../../../web/src/features/reviews/strings';
import { ApiError } from '../../../web/src/shared/api/api-error';
import { ReasonDialog } from '../../../web/src/shared/ui/ReasonDialog';

/** An admin's decision with a reason, in the words of a rejected review (orders and quizzes use it too). */
const meta = {
  title: 'shared/ui/ReasonDialog',
  component: ReasonDialog,
  args: { open: true, pending: false, error: null, maxLength: REVIEW_REASON_MAX, text: REVIEWS_STRINGS.rejectDialog, onOpenChange: fn(), onSubmit: fn() },
} satisfies Meta<typeof ReasonDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const dialog = async () => within(await screen.findByRole('dialog', { name: 'Отклонить рецензию?' }));
const reason = (view: Awaited<ReturnType<typeof dialog>>) => view.getByRole('textbox', { name: 'Причина отклонения' });

/** Opened: the reason field focused and empty, the author told where they will see it. */
export const Open: Story = {
  play: async ({ args }) => {
    const view = await dialog();
    await expect(view.getByText('Автор увидит причину в уведомлении и у своей рецензии.')).toBeInTheDocument();
    await expect(reason(view)).toHaveFocus();
    await expect(view.getByText(`0 / ${REVIEW_REASON_MAX}`)).toBeInTheDocument();
    await userEvent.click(view.getByRole('button', { name: 'Отмена' }));
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
  },
};

/** Without a reason (spaces count as none) nothing is sent: the field says what is missing. */
export const ReasonRequired: Story = {
  play: async ({ args }) => {
    const view = await dialog();
    await userEvent.type(reason(view), '   ');
    await userEvent.click(view.getByRole('button', { name: 'Отклонить' }));
    await expect(view.getByText(REVIEW_MESSAGES.reason)).toBeInTheDocument();
    await expect(reason(view)).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await userEvent.type(reason(view), 'Спойлеры без тега');
    await userEvent.click(view.getByRole('button', { name: 'Отклонить' }));
    await expect(args.onSubmit).toHaveBeenCalledWith('Спойлеры без тега');
  },
};

export const ReasonTooLong: Story = {
  play: async ({ args }) => {
    const view = await dialog();
    await userEvent.click(reason(view));
    await userEvent.paste('я'.repeat(REVIEW_REASON_MAX + 1));
    await expect(view.getByText(REVIEW_MESSAGES.reasonTooLong)).toBeInTheDocument();
    await expect(view.getByText(`${REVIEW_REASON_MAX + 1} / ${REVIEW_REASON_MAX}`)).toHaveClass('counted-text-area__count--over');
    await userEvent.click(view.getByRole('button', { name: 'Отклонить' }));
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** Sending: nothing can be changed or closed until the server answers. */
export const Rejecting: Story = {
  args: { pending: true },
  play: async () => {
    const view = await dialog();
    await expect(view.getByRole('button', { name: 'Отклонение...' })).toBeDisabled();
    await expect(view.getByRole('button', { name: 'Отмена' })).toBeDisabled();
    await expect(reason(view)).toBeDisabled();
  },
};

/** The server's message about the reason goes under the field. */
export const RefusedReason: Story = {
  args: {
    error: new ApiError('Ошибка валидации', 400, ErrorCode.ValidationFailed, [{ field: 'reason', message: REVIEW_MESSAGES.nul }]),
  },
  play: async () => {
    const view = await dialog();
    await expect(view.getByText(REVIEW_MESSAGES.nul)).toBeInTheDocument();
    await expect(reason(view)).toHaveAttribute('aria-invalid', 'true');
  },
};

/** Any other refusal (here: another admin was first) under the buttons. */
export const Refused: Story = {
  args: { error: new ApiError(REVIEW_MESSAGES.notPending, 409, ErrorCode.Conflict) },
  play: async () => {
    const view = await dialog();
    await expect(view.getByRole('alert')).toHaveTextContent(REVIEW_MESSAGES.notPending);
    await expect(reason(view)).not.toHaveAttribute('aria-invalid');
    await expect(view.getByRole('button', { name: 'Отклонить' })).toBeEnabled();
  },
};
