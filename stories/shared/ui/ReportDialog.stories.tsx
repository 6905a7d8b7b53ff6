import { ErrorCode, REPORT_MESSAGES, REPORT_TEXT_MAX } from '@portal/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { ApiError } from '../../../web/src/shared/api/api-error';
import { ReportDialog } from '../../../web/src/shared/ui/ReportDialog';

/** «Пожаловаться» on a comment (reviews, chat messages, AMVs and profiles open the same dialog). */
const meta = {
  title: 'shared/ui/ReportDialog',
  component: ReportDialog,
  args: { open: true, what: 'комментарий', pending: false, sent: false, error: null, onOpenChange: fn(), onSubmit: fn() },
} satisfies Meta<typeof ReportDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const dialog = async () => within(await screen.findByRole('dialog', { name: 'Пожаловаться' }));
const details = (view: Awaited<ReturnType<typeof dialog>>) => view.getByRole('textbox', { name: /Подробности/ });
const send = (view: Awaited<ReturnType<typeof dialog>>) => userEvent.click(view.getByRole('button', { name: 'Отправить жалобу' }));

/** Opened: every reason of the list, none chosen, the text counted; «Отмена» closes. */
export const Open: Story = {
  play: async ({ args }) => {
    const view = await dialog();
    for (const label of ['Спам или реклама', 'Оскорбления', 'Спойлер без пометки', 'Не по теме', 'Недопустимый никнейм', 'Другое']) {
      await expect(view.getByRole('radio', { name: label })).not.toBeChecked();
    }
    await expect(view.getByText(`0 / ${REPORT_TEXT_MAX}`)).toBeInTheDocument();
    await userEvent.click(view.getByRole('button', { name: 'Отмена' }));
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
  },
};

/** A reason must be chosen; then the report goes with it and without text. */
export const ReasonRequired: Story = {
  play: async ({ args }) => {
    const view = await dialog();
    await send(view);
    await expect(view.getByText('Выберите причину')).toBeInTheDocument();
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await userEvent.click(view.getByRole('radio', { name: 'Спам или реклама' }));
    await send(view);
    await expect(args.onSubmit).toHaveBeenCalledWith({ reason: 'spam', text: '' });
  },
};

/** «Другое» needs a text, as the server requires. */
export const OtherNeedsText: Story = {
  play: async ({ args }) => {
    const view = await dialog();
    await userEvent.click(view.getByRole('radio', { name: 'Другое' }));
    await expect(view.getByRole('textbox', { name: 'Подробности (обязательно)' })).toBeInTheDocument();
    await send(view);
    await expect(view.getByText(REPORT_MESSAGES.textRequired)).toBeInTheDocument();
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await userEvent.type(details(view), '  Угрозы в личке  ');
    await send(view);
    await expect(args.onSubmit).toHaveBeenCalledWith({ reason: 'other', text: 'Угрозы в личке' });
  },
};

export const TextTooLong: Story = {
  play: async ({ args }) => {
    const view = await dialog();
    await userEvent.click(view.getByRole('radio', { name: 'Оскорбления' }));
    await userEvent.click(details(view));
    await userEvent.paste('я'.repeat(REPORT_TEXT_MAX + 1));
    await expect(view.getByText(REPORT_MESSAGES.text)).toBeInTheDocument();
    await send(view);
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** Sending: nothing can be changed or closed until the server answers. */
export const Sending: Story = {
  args: { pending: true },
  play: async () => {
    const view = await dialog();
    await expect(view.getByRole('button', { name: 'Отправка...' })).toBeDisabled();
    await expect(view.getByRole('button', { name: 'Отмена' })).toBeDisabled();
    await expect(view.getByRole('radio', { name: 'Спам или реклама' })).toBeDisabled();
  },
};

/** Taken: the thanks, and «Готово». */
export const Sent: Story = {
  args: { sent: true },
  play: async ({ args }) => {
    const view = await dialog();
    await expect(view.getByText('Жалоба отправлена')).toBeInTheDocument();
    await expect(view.getByText(REPORT_MESSAGES.created)).toBeInTheDocument();
    await userEvent.click(view.getByRole('button', { name: 'Готово' }));
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
  },
};

/** Already reported (409): the reporter's earlier report still waits; no form. */
export const Duplicate: Story = {
  args: { error: new ApiError(REPORT_MESSAGES.duplicate, 409, ErrorCode.Conflict) },
  play: async () => {
    const view = await dialog();
    await expect(view.getByText('Жалоба уже есть')).toBeInTheDocument();
    await expect(view.getByText(REPORT_MESSAGES.duplicate)).toBeInTheDocument();
    await expect(view.queryByRole('radio')).toBeNull();
  },
};

/** Refused for another reason (one's own content): the message under the buttons, the form kept. */
export const Refused: Story = {
  args: { error: new ApiError(REPORT_MESSAGES.self, 403, ErrorCode.Forbidden) },
  play: async () => {
    const view = await dialog();
    await expect(view.getByText(REPORT_MESSAGES.self)).toBeInTheDocument();
    await expect(view.getByRole('button', { name: 'Отправить жалобу' })).toBeEnabled();
  },
};

/** The server's message about the text goes under the field. */
export const RefusedText: Story = {
  args: { error: new ApiError('Ошибка валидации', 400, ErrorCode.ValidationFailed, [{ field: 'text', message: REPORT_MESSAGES.nul }]) },
  play: async () => {
    const view = await dialog();
    await expect(view.getByText(REPORT_MESSAGES.nul)).toBeInTheDocument();
    await expect(details(view)).toHaveAttribute('aria-invalid', 'true');
  },
};
