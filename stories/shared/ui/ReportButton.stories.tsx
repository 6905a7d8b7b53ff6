import { ErrorCode, REPORT_MESSAGES } from '@portal/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { ReportButton } from '../../../web/src/shared/ui/ReportButton';
import type { MockRequest } from '../../../web/src/test/mock-api';
import { fail, ok, userSession } from '../../support/fixtures';

const REPORT = 'POST /api/reports';
const target = { type: 'comment' as const, id: '00000000-0000-4000-8000-000000000901' };
const sent: MockRequest[] = [];

/** «Пожаловаться» as comments, reviews, chat messages and profiles show it: the dialog, wired to POST /api/reports. */
const meta = {
  title: 'shared/ui/ReportButton',
  component: ReportButton,
  args: { target },
  parameters: {
    session: userSession,
    mockApi: {
      [REPORT]: (request: MockRequest) => {
        sent.push(request);
        return ok({ id: 'r-1', target, reason: 'spam', message: REPORT_MESSAGES.created }, 201);
      },
    },
  },
  beforeEach: () => {
    sent.length = 0;
  },
} satisfies Meta<typeof ReportButton>;

export default meta;
type Story = StoryObj<typeof meta>;

const openDialog = async () => {
  await userEvent.click(await screen.findByRole('button', { name: 'Пожаловаться на комментарий' }));
  return within(await screen.findByRole('dialog', { name: 'Пожаловаться' }));
};

/** Reported: the body names the target and the reason, and the dialog thanks the reporter. */
export const Reported: Story = {
  play: async () => {
    const view = await openDialog();
    await userEvent.click(view.getByRole('radio', { name: 'Спойлер без пометки' }));
    await userEvent.click(view.getByRole('button', { name: 'Отправить жалобу' }));
    await expect(await view.findByText(REPORT_MESSAGES.created)).toBeInTheDocument();
    await waitFor(() => expect(sent[0]?.body).toEqual({ target, reason: 'spoiler' }));
  },
};

/** Already reported: the server's 409 in place of the form. */
export const AlreadyReported: Story = {
  parameters: { mockApi: { [REPORT]: fail(409, ErrorCode.Conflict, REPORT_MESSAGES.duplicate) } },
  play: async () => {
    const view = await openDialog();
    await userEvent.click(view.getByRole('radio', { name: 'Оскорбления' }));
    await userEvent.click(view.getByRole('button', { name: 'Отправить жалобу' }));
    await expect(await view.findByText(REPORT_MESSAGES.duplicate)).toBeInTheDocument();
  },
};
