import { BAN_MESSAGES, BAN_REASON_MAX, ErrorCode } from '@portal/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { BanUserDialog } from '../../../../web/src/features/moderation/components/BanUserDialog';
import { ApiError } from '../../../../web/src/shared/api/api-error';

/** An admin's ban of a user: measure, term and reason (the reports queue and the users screen open it). */
const meta = {
  title: 'features/moderation/components/BanUserDialog',
  component: BanUserDialog,
  args: { open: true, username: 'spammer', pending: false, error: null, onOpenChange: fn(), onSubmit: fn() },
} satisfies Meta<typeof BanUserDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const dialog = async () => within(await screen.findByRole('dialog', { name: 'Наказать spammer?' }));
const reason = (view: Awaited<ReturnType<typeof dialog>>) => view.getByRole('textbox', { name: 'Причина' });

/** Opened: read-only and the server's escalation preselected, the reason focused. */
export const Open: Story = {
  play: async ({ args }) => {
    const view = await dialog();
    await expect(view.getByRole('radio', { name: /Только чтение/ })).toBeChecked();
    await expect(view.getByRole('combobox', { name: 'Срок' })).toHaveValue('auto');
    await expect(reason(view)).toHaveFocus();
    await userEvent.click(view.getByRole('button', { name: 'Отмена' }));
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
  },
};

/** The default term is left to the server (1 day, then 7 days, then for ever): no `until` is sent. */
export const EscalatedByDefault: Story = {
  play: async ({ args }) => {
    const view = await dialog();
    await userEvent.type(reason(view), 'Спам ссылками');
    await userEvent.click(view.getByRole('button', { name: 'Наказать' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({ kind: 'read-only', reason: 'Спам ссылками' }, false);
  },
};

/** A chosen term is sent as its end. */
export const FullBanForSevenDays: Story = {
  play: async ({ args }) => {
    const view = await dialog();
    await userEvent.click(view.getByRole('radio', { name: /Полная блокировка/ }));
    await userEvent.selectOptions(view.getByRole('combobox', { name: 'Срок' }), '7d');
    await userEvent.type(reason(view), 'Оскорбления');
    const before = Date.now();
    await userEvent.click(view.getByRole('button', { name: 'Наказать' }));
    const [input] = (args.onSubmit as ReturnType<typeof fn>).mock.calls[0] as [{ kind: string; until: string }];
    await expect(input.kind).toBe('full');
    await expect(Date.parse(input.until) - before).toBeGreaterThan(7 * 24 * 3_600_000 - 60_000);
  },
};

/** A warning has no term: the term is disabled and none is sent. */
export const Warning: Story = {
  play: async ({ args }) => {
    const view = await dialog();
    await userEvent.click(view.getByRole('radio', { name: /Предупреждение/ }));
    await expect(view.getByRole('combobox', { name: 'Срок' })).toBeDisabled();
    await userEvent.type(reason(view), 'Без мата, пожалуйста');
    await userEvent.click(view.getByRole('button', { name: 'Наказать' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({ kind: 'warning', reason: 'Без мата, пожалуйста' }, false);
  },
};

/** Without a reason nothing is sent. */
export const ReasonRequired: Story = {
  play: async ({ args }) => {
    const view = await dialog();
    await userEvent.type(reason(view), '   ');
    await userEvent.click(view.getByRole('button', { name: 'Наказать' }));
    await expect(view.getByText(BAN_MESSAGES.reason)).toBeInTheDocument();
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await expect(view.getByText(`0 / ${BAN_REASON_MAX}`)).toBeInTheDocument();
  },
};

/** Sending: nothing can be changed or closed until the server answers. */
export const Submitting: Story = {
  args: { pending: true },
  play: async () => {
    const view = await dialog();
    await expect(view.getByRole('button', { name: 'Сохранение...' })).toBeDisabled();
    await expect(view.getByRole('radio', { name: /Полная блокировка/ })).toBeDisabled();
    await expect(reason(view)).toBeDisabled();
  },
};

/** The server refused (an admin cannot be banned): its message under the buttons. */
export const Refused: Story = {
  args: { error: new ApiError(BAN_MESSAGES.notAdmins, 403, ErrorCode.Forbidden) },
  play: async () => {
    const view = await dialog();
    await expect(view.getByText(BAN_MESSAGES.notAdmins)).toBeInTheDocument();
  },
};
