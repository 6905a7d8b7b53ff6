import { BAN_MESSAGES, ErrorCode, GENERIC_MESSAGES, type IpBan } from '@portal/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { IpBansAdmin } from '../../../../web/src/features/moderation/components/IpBansAdmin';
import type { MockRequest } from '../../../../web/src/test/mock-api';
import { adminSession, fail, ok } from '../../../support/fixtures';

const LIST = 'GET /api/admin/ip-bans';
const CREATE = 'POST /api/admin/ip-bans';
const REMOVE = 'DELETE /api/admin/ip-bans';
const ADMIN = '7f3c2a10-5b1e-4c3d-9a8b-0123456789ab';

const spammer: IpBan = {
  ip: '203.0.113.7',
  reason: 'Непристойные никнеймы',
  until: null,
  adminId: ADMIN,
  adminName: 'boss',
  createdAt: '2026-11-26T10:00:00.000Z',
};
// Auth did not name the admin: the start of the id stands in.
const flooder: IpBan = {
  ip: '2001:db8::1',
  reason: 'Флуд регистрациями',
  until: '2026-12-03T09:00:00.000Z',
  adminId: ADMIN,
  adminName: null,
  createdAt: '2026-11-25T10:00:00.000Z',
};

/** Requests the story's handlers saw, and the bans in force (reset per story). */
const seen: MockRequest[] = [];
let bans: IpBan[] = [];
const liveList = () => ok(bans);
const liveCreate = (request: MockRequest) => {
  seen.push(request);
  const body = request.body as { ip: string; reason: string; until?: string };
  const created: IpBan = {
    ip: body.ip,
    reason: body.reason,
    until: body.until ?? null,
    adminId: ADMIN,
    adminName: 'boss',
    createdAt: '2026-11-27T10:00:00.000Z',
  };
  bans = [created, ...bans];
  return ok(created, 201);
};
const liveRemove = (request: MockRequest) => {
  seen.push(request);
  const removed = bans.find((ban) => ban.ip === request.query.get('ip'));
  bans = bans.filter((ban) => ban !== removed);
  return removed ? ok(removed) : fail(404, ErrorCode.NotFound, BAN_MESSAGES.ipNotBanned);
};

const meta = {
  title: 'features/moderation/components/IpBansAdmin',
  component: IpBansAdmin,
  parameters: { session: adminSession, mockApi: { [LIST]: liveList, [CREATE]: liveCreate, [REMOVE]: liveRemove } },
  beforeEach: () => {
    seen.length = 0;
    bans = [spammer, flooder];
  },
} satisfies Meta<typeof IpBansAdmin>;

export default meta;
type Story = StoryObj<typeof meta>;

const rowOf = async (ip: string) => within((await screen.findByText(ip)).closest('tr')!);
const form = () => within(screen.getByRole('form', { name: 'Новый бан по IP' }));

export const Loading: Story = {
  parameters: { mockApi: { [LIST]: { hang: true } } },
  play: async () => {
    await expect(await screen.findByText('Загрузка банов по IP...')).toBeInTheDocument();
  },
};

/** A failed load offers «Повторить», which asks again. */
export const LoadFailed: Story = {
  parameters: { mockApi: { [LIST]: [fail(503, ErrorCode.ServiceUnavailable, 'Сервис временно недоступен'), ok([spammer])] } },
  play: async () => {
    await expect(await screen.findByText('Не удалось загрузить баны по IP')).toBeInTheDocument();
    await expect(screen.getByText('Сервис временно недоступен')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    await expect(await screen.findByText('203.0.113.7')).toBeInTheDocument();
  },
};

export const Empty: Story = {
  parameters: { mockApi: { [LIST]: ok([]) } },
  play: async () => {
    await expect(await screen.findByText('Заблокированных IP-адресов нет.')).toBeInTheDocument();
    await expect(screen.getByRole('heading', { name: 'Баны по IP (0)' })).toBeInTheDocument();
  },
};

/** Each ban: the address, the reason, who (the admin's id), when, and until when («навсегда» without an end). */
export const List: Story = {
  play: async () => {
    await expect(await screen.findByRole('heading', { name: 'Баны по IP (2)' })).toBeInTheDocument();
    const forever = await rowOf('203.0.113.7');
    await expect(forever.getByText('Непристойные никнеймы')).toBeInTheDocument();
    await expect(forever.getByRole('link', { name: 'boss' })).toHaveAttribute('href', '/user/boss');
    await expect(forever.getByText('навсегда')).toBeInTheDocument();
    const until = await rowOf('2001:db8::1');
    await expect(until.getByText(/^3 дек\. 2026/)).toHaveAttribute('dateTime', flooder.until);
    await expect(until.getByText('7f3c2a10')).toHaveAttribute('title', ADMIN);
    await expect(until.getByRole('button', { name: 'Снять бан с 2001:db8::1' })).toBeInTheDocument();
  },
};

/** «Забанить IP» sends the address, the reason and the end of the term chosen; the form starts over and the list shows the ban. */
export const Ban: Story = {
  play: async () => {
    await rowOf('203.0.113.7');
    await userEvent.type(form().getByRole('textbox', { name: 'IP-адрес' }), ' 198.51.100.4 ');
    await userEvent.type(form().getByRole('textbox', { name: 'Причина' }), 'Спам');
    await userEvent.selectOptions(form().getByRole('combobox', { name: 'Срок' }), '7 дней');
    const before = Date.now();
    await userEvent.click(form().getByRole('button', { name: 'Забанить IP' }));
    await waitFor(() => expect(seen).toHaveLength(1));
    const body = seen[0].body as { ip: string; reason: string; until: string };
    await expect(body).toMatchObject({ ip: '198.51.100.4', reason: 'Спам' });
    const days = (Date.parse(body.until) - before) / 86_400_000;
    await expect(days).toBeGreaterThan(6.99);
    await expect(days).toBeLessThan(7.01);
    await expect(await screen.findByText('198.51.100.4')).toBeInTheDocument();
    await expect(await screen.findByRole('heading', { name: 'Баны по IP (3)' })).toBeInTheDocument();
    await expect(form().getByRole('textbox', { name: 'IP-адрес' })).toHaveValue('');
  },
};

/** Nothing is sent without an address and a reason. */
export const Incomplete: Story = {
  play: async () => {
    await rowOf('203.0.113.7');
    await userEvent.click(form().getByRole('button', { name: 'Забанить IP' }));
    await expect(await form().findByText(BAN_MESSAGES.ip)).toBeInTheDocument();
    await expect(form().getByText(BAN_MESSAGES.reason)).toBeInTheDocument();
    await expect(seen).toHaveLength(0);
  },
};

/** The server's field errors (the envelope's `errors`) go under their fields; the typed values stay. */
export const FieldErrors: Story = {
  parameters: {
    mockApi: { [LIST]: liveList, [CREATE]: fail(400, ErrorCode.ValidationFailed, BAN_MESSAGES.ip, [{ field: 'ip', message: BAN_MESSAGES.ip }]) },
  },
  play: async () => {
    await rowOf('203.0.113.7');
    await userEvent.type(form().getByRole('textbox', { name: 'IP-адрес' }), '999.1.1.1');
    await userEvent.type(form().getByRole('textbox', { name: 'Причина' }), 'Спам');
    await userEvent.click(form().getByRole('button', { name: 'Забанить IP' }));
    await expect(await form().findByText(BAN_MESSAGES.ip)).toBeInTheDocument();
    await expect(form().getByRole('textbox', { name: 'IP-адрес' })).toHaveAttribute('aria-invalid', 'true');
    await expect(form().getByRole('textbox', { name: 'IP-адрес' })).toHaveValue('999.1.1.1');
  },
};

/** A refusal naming no field shows under the button. */
export const ServerError: Story = {
  parameters: { mockApi: { [LIST]: liveList, [CREATE]: fail(403, ErrorCode.Forbidden, GENERIC_MESSAGES.forbidden) } },
  play: async () => {
    await rowOf('203.0.113.7');
    await userEvent.type(form().getByRole('textbox', { name: 'IP-адрес' }), '198.51.100.4');
    await userEvent.type(form().getByRole('textbox', { name: 'Причина' }), 'Спам');
    await userEvent.click(form().getByRole('button', { name: 'Забанить IP' }));
    await expect(await form().findByText(GENERIC_MESSAGES.forbidden)).toBeInTheDocument();
  },
};

/** While the ban is sent the form is locked. */
export const Submitting: Story = {
  parameters: { mockApi: { [LIST]: liveList, [CREATE]: { hang: true } } },
  play: async () => {
    await rowOf('203.0.113.7');
    await userEvent.type(form().getByRole('textbox', { name: 'IP-адрес' }), '198.51.100.4');
    await userEvent.type(form().getByRole('textbox', { name: 'Причина' }), 'Спам');
    await userEvent.click(form().getByRole('button', { name: 'Забанить IP' }));
    await expect(await form().findByRole('button', { name: 'Сохранение...' })).toBeDisabled();
    await expect(form().getByRole('textbox', { name: 'IP-адрес' })).toBeDisabled();
  },
};

/** «Снять» asks first, naming the address; «Отмена» closes without a request. */
export const ConfirmRemove: Story = {
  play: async () => {
    await userEvent.click((await rowOf('203.0.113.7')).getByRole('button', { name: 'Снять бан с 203.0.113.7' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Снять бан по IP?' }));
    await expect(dialog.getByText('С адреса 203.0.113.7 снова можно будет регистрироваться и входить.')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(seen).toHaveLength(0);
  },
};

/** While the removal is sent the dialog cannot be closed. */
export const Removing: Story = {
  parameters: { mockApi: { [LIST]: liveList, [REMOVE]: { hang: true } } },
  play: async () => {
    await userEvent.click((await rowOf('203.0.113.7')).getByRole('button', { name: 'Снять бан с 203.0.113.7' }));
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Снять' }));
    await expect(await dialog.findByRole('button', { name: 'Снятие...' })).toBeDisabled();
    await expect(dialog.getByRole('button', { name: 'Отмена' })).toBeDisabled();
  },
};

/** Confirmed: DELETE ?ip= is sent, the dialog closes and the ban leaves the list. */
export const Removed: Story = {
  play: async () => {
    await userEvent.click((await rowOf('203.0.113.7')).getByRole('button', { name: 'Снять бан с 203.0.113.7' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Снять' }));
    await waitFor(() => expect(seen.map((request) => `${request.method} ${request.query.get('ip')}`)).toEqual(['DELETE 203.0.113.7']));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.queryByText('203.0.113.7')).toBeNull());
    await expect(screen.getByRole('heading', { name: 'Баны по IP (1)' })).toBeInTheDocument();
  },
};

/** The server's refusal (the ban is already gone) stays in the dialog, in Russian. */
export const RemoveRefused: Story = {
  parameters: { mockApi: { [LIST]: liveList, [REMOVE]: fail(404, ErrorCode.NotFound, BAN_MESSAGES.ipNotBanned) } },
  play: async () => {
    await userEvent.click((await rowOf('203.0.113.7')).getByRole('button', { name: 'Снять бан с 203.0.113.7' }));
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Снять' }));
    await expect(await dialog.findByText(BAN_MESSAGES.ipNotBanned)).toBeInTheDocument();
  },
};
