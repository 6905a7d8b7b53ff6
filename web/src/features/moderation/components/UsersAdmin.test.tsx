import { AUTH_MESSAGES, ErrorCode, type AdminUserRow } from '@portal/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeAdmin, makeUser } from '../../../test/fixtures';
import { fail, ok } from '../../../test/mock-api';
import { mockApiPerTest } from '../../../test/mock-api-per-test';
import { renderWithApp } from '../../../test/render';
import { usersPage } from '../testing/moderation-fixtures';
import { UsersAdmin } from './UsersAdmin';

const mockApi = mockApiPerTest();
const LIST = 'GET /api/users';
const HINATA = '00000000-0000-4000-8000-000000000002';
const UPLOADER = `PUT /api/user/${HINATA}/uploader`;
const free = { ban: null, chatMute: null };
const me: AdminUserRow = { ...makeAdmin(), ...free };
const hinata = (isUploader: boolean): AdminUserRow => ({ ...makeUser({ id: HINATA, username: 'hinata', email: 'hinata@example.com', isUploader }), ...free });

const rowOf = async (username: string) => within((await screen.findByRole('link', { name: `Профиль ${username}` })).closest('tr')!);
const renderUsers = () => renderWithApp(<UsersAdmin />, { session: { token: 'jwt', user: makeAdmin() } });

describe('UsersAdmin: the uploader toggle', () => {
  it('grants the role after a confirmation and shows it', async () => {
    const api = mockApi({
      [LIST]: [usersPage([me, hinata(false)]), usersPage([me, hinata(true)])],
      [UPLOADER]: ok(makeUser({ id: HINATA, isUploader: true })),
    });
    const user = userEvent.setup();
    renderUsers();
    const toggle = (await rowOf('hinata')).getByRole('button', { name: 'Загрузчик: hinata' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect((await rowOf('hinata')).getByText('Пользователь')).toBeInTheDocument();
    // An admin uploads anyway: no toggle in an admin's row.
    expect((await rowOf('admin_rei')).queryByRole('button', { name: /Загрузчик/ })).toBeNull();

    await user.click(toggle);
    const dialog = within(await screen.findByRole('dialog', { name: 'Сделать загрузчиком?' }));
    expect(dialog.getByText('hinata сможет загружать серии аниме и публиковать их.')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Сделать загрузчиком' }));
    await waitFor(() => expect(api.callsTo(UPLOADER)[0]?.body).toEqual({ isUploader: true }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await (await rowOf('hinata')).findByText('Пользователь · загрузчик')).toBeInTheDocument();
    expect((await rowOf('hinata')).getByRole('button', { name: 'Загрузчик: hinata' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('revokes it after a confirmation; the server’s refusal stays in the dialog', async () => {
    const api = mockApi({ [LIST]: usersPage([me, hinata(true)]), [UPLOADER]: fail(404, ErrorCode.NotFound, AUTH_MESSAGES.userNotFound) });
    const user = userEvent.setup();
    renderUsers();
    await user.click((await rowOf('hinata')).getByRole('button', { name: 'Загрузчик: hinata' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Снять роль загрузчика?' }));
    await user.click(dialog.getByRole('button', { name: 'Снять загрузчика' }));
    expect(await dialog.findByText(AUTH_MESSAGES.userNotFound)).toBeInTheDocument();
    expect(api.callsTo(UPLOADER)[0]?.body).toEqual({ isUploader: false });
    await user.click(dialog.getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo(`PUT /api/user/${HINATA}/admin`)).toHaveLength(0);
  });
});
