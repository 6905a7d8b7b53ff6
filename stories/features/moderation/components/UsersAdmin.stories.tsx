import { AUTH_MESSAGES, ErrorCode } from '@portal/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { UsersAdmin } from '../../../../web/src/features/moderation/components/UsersAdmin';
import { usersPage } from '../../../../web/src/features/moderation/testing/moderation-fixtures';
import type { MockRequest } from '../../../../web/src/test/mock-api';
import { adminSession, fail, makeAdmin, makeUser, ok } from '../../../support/fixtures';

const LIST = 'GET /api/users';
const HINATA = '00000000-0000-4000-8000-000000000002';
const setAdminOf = (id: string) => `PUT /api/user/${id}/admin`;

/** A row without restrictions. */
const free = { ban: null, chatMute: null };
const me = { ...makeAdmin(), ...free };
const hinata = { ...makeUser({ id: HINATA, username: 'hinata', email: 'hinata@example.com', rank: 'знаток', createdAt: '2026-11-20T10:00:00.000Z' }), ...free };
const naruto = {
  ...makeUser({
    id: '00000000-0000-4000-8000-000000000003',
    username: 'naruto',
    email: 'naruto@example.com',
    group: 'moderator',
    createdAt: '2026-10-01T10:00:00.000Z',
  }),
  ban: { kind: 'read-only' as const, reason: 'Спам', until: null },
  chatMute: { kind: 'chat-mute' as const, reason: 'Флуд', until: '2026-12-03T09:00:00.000Z' },
};
const many = Array.from({ length: 20 }, (_, index) => ({
  ...makeUser({ id: `00000000-0000-4000-8000-1000000000${String(index).padStart(2, '0')}`, username: `user${index}`, email: `user${index}@example.com` }),
  ...free,
}));

/** Requests the story's handlers saw (reset per story). */
const seen: MockRequest[] = [];
let promoted = false;
const liveList = (request: MockRequest) => {
  seen.push(request);
  const q = (request.query.get('q') ?? '').toLowerCase();
  const all = [me, { ...hinata, isAdmin: promoted, role: promoted ? ('admin' as const) : ('user' as const) }, naruto];
  return usersPage(all.filter((user) => !q || user.username.startsWith(q) || user.email.startsWith(q)));
};
const promote = (request: MockRequest) => {
  seen.push(request);
  promoted = true;
  return ok({ ...hinata, isAdmin: true, role: 'admin' });
};

const meta = {
  title: 'features/moderation/components/UsersAdmin',
  component: UsersAdmin,
  parameters: { session: { ...adminSession, user: me }, mockApi: { [LIST]: liveList, [setAdminOf(HINATA)]: promote } },
  beforeEach: () => {
    seen.length = 0;
    promoted = false;
  },
} satisfies Meta<typeof UsersAdmin>;

export default meta;
type Story = StoryObj<typeof meta>;

const rowOf = async (username: string) => within((await screen.findByRole('link', { name: `Профиль ${username}` })).closest('tr')!);

export const Loading: Story = {
  parameters: { mockApi: { [LIST]: { hang: true } } },
  play: async () => {
    await expect(await screen.findByText('Загрузка пользователей...')).toBeInTheDocument();
  },
};

export const Empty: Story = {
  parameters: { mockApi: { [LIST]: usersPage([]) } },
  play: async () => {
    await expect(await screen.findByText('Пользователей пока нет.')).toBeInTheDocument();
  },
};

export const LoadFailed: Story = {
  parameters: { mockApi: { [LIST]: fail(503, ErrorCode.ServiceUnavailable, 'Сервис временно недоступен') } },
  play: async () => {
    await expect(await screen.findByText('Не удалось загрузить пользователей')).toBeInTheDocument();
    await expect(screen.getByText('Сервис временно недоступен')).toBeInTheDocument();
    await expect(screen.getByRole('button', { name: 'Повторить' })).toBeInTheDocument();
  },
};

/** Newest first: nickname (a link to the profile), email, role, rank, registration; the admin's own row cannot be demoted. */
export const List: Story = {
  play: async () => {
    await expect(await screen.findByRole('heading', { name: 'Пользователи (3)' })).toBeInTheDocument();
    const row = await rowOf('hinata');
    await expect(row.getByRole('link', { name: 'Профиль hinata' })).toHaveAttribute('href', '/user/hinata');
    await expect(row.getByText('hinata@example.com')).toBeInTheDocument();
    await expect(row.getByText('знаток')).toBeInTheDocument();
    await expect(row.getByText('20 нояб. 2026 г.')).toBeInTheDocument();
    await expect(row.getByText('нет')).toBeInTheDocument();
    const restricted = await rowOf('naruto');
    await expect(restricted.getByText('Модератор')).toBeInTheDocument();
    // The restrictions in force, as the moderation service publishes them; the reasons on hover.
    await expect(restricted.getByText(/^Только чтение навсегда · Чат закрыт до 3 дек\./)).toHaveAttribute('title', 'Спам · Флуд');
    const own = await rowOf('admin_rei');
    await expect(own.getByText('(это вы)')).toBeInTheDocument();
    await expect(own.queryByRole('button')).toBeNull();
  },
};

/** The search box asks the server for a nickname or email prefix. */
export const Search: Story = {
  play: async () => {
    await rowOf('hinata');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Поиск по никнейму или email' }), 'nar');
    await waitFor(() => expect(seen.some((request) => request.query.get('q') === 'nar')).toBe(true));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Профиль hinata' })).toBeNull());
    await expect(screen.getByRole('link', { name: 'Профиль naruto' })).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox'), 'zzz');
    await expect(await screen.findByText('Никого не нашлось по запросу «narzzz».')).toBeInTheDocument();
  },
};

/** 20 a page: «Показать ещё» loads the next. */
export const NextPageOfUsers: Story = {
  parameters: {
    mockApi: {
      [LIST]: (request: MockRequest) => (request.query.get('page') === '2' ? usersPage([naruto], 21, 2) : usersPage(many, 21, 1)),
    },
  },
  play: async () => {
    await expect(await screen.findByRole('link', { name: 'Профиль user0' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Показать ещё' }));
    await expect(await screen.findByRole('link', { name: 'Профиль naruto' })).toBeInTheDocument();
    await expect(screen.queryByRole('button', { name: 'Показать ещё' })).toBeNull();
  },
};

/** «Сделать админом» asks first; confirming sends isAdmin: true and the row shows the new role. */
export const ConfirmGrant: Story = {
  play: async () => {
    await userEvent.click((await rowOf('hinata')).getByRole('button', { name: 'Сделать админом: hinata' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Сделать администратором?' }));
    await expect(dialog.getByText(/hinata получит доступ к админ-панели/)).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Сделать админом' }));
    await waitFor(() => expect(seen.find((request) => request.method === 'PUT')?.body).toEqual({ isAdmin: true }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(await (await rowOf('hinata')).findByText('Администратор')).toBeInTheDocument();
  },
};

/** The server's refusal stays in the dialog, in Russian. */
export const ConfirmRefused: Story = {
  parameters: { mockApi: { [LIST]: liveList, [setAdminOf(HINATA)]: fail(403, ErrorCode.Forbidden, AUTH_MESSAGES.ownAdminFlag) } },
  play: async () => {
    await userEvent.click((await rowOf('hinata')).getByRole('button', { name: 'Сделать админом: hinata' }));
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Сделать админом' }));
    await expect(await dialog.findByText(AUTH_MESSAGES.ownAdminFlag)).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

/** «Забанить» opens the ban dialog; the ban sent, the list is read again and shows it. Admins have no such button. */
export const Ban: Story = {
  parameters: {
    mockApi: {
      [LIST]: (request: MockRequest) => {
        seen.push(request);
        const banned = seen.some((seenRequest) => seenRequest.method === 'POST');
        return usersPage([me, { ...hinata, ban: banned ? { kind: 'read-only', reason: 'Спам', until: null } : null }]);
      },
      [`POST /api/admin/users/${HINATA}/ban`]: (request: MockRequest) => {
        seen.push(request);
        return ok({
          id: 'b-1',
          userId: HINATA,
          kind: 'read-only',
          reason: 'Спам',
          until: null,
          adminId: me.id,
          createdAt: '2026-11-26T00:00:00.000Z',
          liftedAt: null,
        });
      },
    },
  },
  play: async () => {
    await expect((await rowOf('admin_rei')).queryByRole('button', { name: /Забанить/ })).toBeNull();
    await userEvent.click((await rowOf('hinata')).getByRole('button', { name: 'Забанить: hinata' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Наказать hinata?' }));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Причина' }), 'Спам');
    await userEvent.click(dialog.getByRole('button', { name: 'Наказать' }));
    await waitFor(() => expect(seen.find((request) => request.method === 'POST')?.body).toEqual({ kind: 'read-only', reason: 'Спам' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(await (await rowOf('hinata')).findByText('Только чтение навсегда')).toBeInTheDocument();
  },
};

/** The next page fails: the loaded users stay, the error says what failed, «Показать ещё» asks again. */
export const NextPageFailed: Story = {
  parameters: {
    mockApi: {
      [LIST]: (request: MockRequest) => {
        if (request.query.get('page') !== '2') return usersPage(many, 21, 1);
        seen.push(request);
        return seen.length === 1 ? fail(503, ErrorCode.ServiceUnavailable, 'Сервис временно недоступен') : usersPage([naruto], 21, 2);
      },
    },
  },
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Показать ещё' }));
    await expect(await screen.findByText('Не удалось загрузить следующую страницу: Сервис временно недоступен')).toBeInTheDocument();
    await expect(screen.getByRole('link', { name: 'Профиль user0' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Показать ещё' }));
    await expect(await screen.findByRole('link', { name: 'Профиль naruto' })).toBeInTheDocument();
  },
};

const setUploaderOf = (id: string) => `PUT /api/user/${id}/uploader`;
/** hinata's uploader flag as the story's server keeps it. */
let uploader = false;
const uploaderList = (request: MockRequest) => {
  seen.push(request);
  return usersPage([me, { ...hinata, isUploader: uploader }]);
};
const setUploader = (request: MockRequest) => {
  seen.push(request);
  uploader = (request.body as { isUploader: boolean }).isUploader;
  return ok({ ...hinata, isUploader: uploader });
};

/** The «Загрузчик» toggle off: confirming sends isUploader: true, and the row shows the role. An admin's row has no toggle (an admin uploads anyway). */
export const UploaderToggleOff: Story = {
  parameters: { mockApi: { [LIST]: uploaderList, [setUploaderOf(HINATA)]: setUploader } },
  beforeEach: () => {
    uploader = false;
  },
  play: async () => {
    await expect((await rowOf('admin_rei')).queryByRole('button', { name: /Загрузчик/ })).toBeNull();
    const toggle = (await rowOf('hinata')).getByRole('button', { name: 'Загрузчик: hinata' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(toggle);
    const dialog = within(await screen.findByRole('dialog', { name: 'Сделать загрузчиком?' }));
    await expect(dialog.getByText('hinata сможет загружать серии аниме и публиковать их.')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Сделать загрузчиком' }));
    await waitFor(() => expect(seen.find((request) => request.method === 'PUT')?.body).toEqual({ isUploader: true }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(await (await rowOf('hinata')).findByText('Пользователь · загрузчик')).toBeInTheDocument();
    await expect((await rowOf('hinata')).getByRole('button', { name: 'Загрузчик: hinata' })).toHaveAttribute('aria-pressed', 'true');
  },
};

/** The toggle on: revoking asks first and sends isUploader: false. */
export const UploaderToggleOn: Story = {
  parameters: { mockApi: { [LIST]: uploaderList, [setUploaderOf(HINATA)]: setUploader } },
  beforeEach: () => {
    uploader = true;
  },
  play: async () => {
    const row = await rowOf('hinata');
    await expect(row.getByText('Пользователь · загрузчик')).toBeInTheDocument();
    await expect(row.getByRole('button', { name: 'Загрузчик: hinata' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(row.getByRole('button', { name: 'Загрузчик: hinata' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Снять роль загрузчика?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Снять загрузчика' }));
    await waitFor(() => expect(seen.find((request) => request.method === 'PUT')?.body).toEqual({ isUploader: false }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(await (await rowOf('hinata')).findByText('Пользователь')).toBeInTheDocument();
  },
};

/** The server's refusal stays in the uploader dialog too. */
export const UploaderRefused: Story = {
  parameters: { mockApi: { [LIST]: liveList, [setUploaderOf(HINATA)]: fail(404, ErrorCode.NotFound, AUTH_MESSAGES.userNotFound) } },
  play: async () => {
    await userEvent.click((await rowOf('hinata')).getByRole('button', { name: 'Загрузчик: hinata' }));
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Сделать загрузчиком' }));
    await expect(await dialog.findByText(AUTH_MESSAGES.userNotFound)).toBeInTheDocument();
  },
};
