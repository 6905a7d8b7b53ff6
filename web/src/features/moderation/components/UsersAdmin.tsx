import { isAdminUser, type AdminUserRow, type SanctionNotice } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../../shared/api/api-error';
import { useDebouncedValue } from '../../../shared/lib/useDebouncedValue';
import { useSession } from '../../../shared/session/session-context';
import { Button } from '../../../shared/ui/Button';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { BanUserDialog } from './BanUserDialog';
import { InfiniteList } from '../../../shared/ui/InfiniteList';
import { TextField } from '../../../shared/ui/TextField';
import { useBanUser } from '../api/bans-api';
import { useSetUserAdmin, useSetUserUploader, usersAdminKeys, useUsersAdmin } from '../api/users-admin-api';
import { pageErrorText } from '../page-error-text';
import { USERS_ADMIN_STRINGS as S } from '../strings';
import '../moderation.css';

const SEARCH_DEBOUNCE_MS = 300;
const registeredOn = (iso: string) => new Date(iso).toLocaleDateString('ru-RU', { day: 'numeric', month: 'short', year: 'numeric' });
const until = (notice: SanctionNotice) =>
  notice.until ? S.until(new Date(notice.until).toLocaleString('ru-RU', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' })) : S.forever;

/** The restrictions in force, as words: «Только чтение до 3 дек., 12:00 · Чат закрыт навсегда». */
function Restrictions({ user }: { user: AdminUserRow }) {
  const parts = [
    user.ban ? `${S.banKinds[user.ban.kind === 'full' ? 'full' : 'read-only']} ${until(user.ban)}` : null,
    user.chatMute ? `${S.chatMuted} ${until(user.chatMute)}` : null,
  ].filter(Boolean);
  if (parts.length === 0) return <span className="muted">{S.noRestrictions}</span>;
  return (
    <span className="users-admin__restricted" title={[user.ban?.reason, user.chatMute?.reason].filter(Boolean).join(' · ')}>
      {parts.join(' · ')}
    </span>
  );
}

/** An admin is an uploader anyway; a user an admin made one says so beside the group. */
const roleOf = (user: AdminUserRow) => (isAdminUser(user) ? S.roles.admin : user.isUploader ? S.withUploader(S.roles[user.group]) : S.roles[user.group]);

/**
 * The admin page's «Пользователи»: search by nickname or email prefix, newest first, grant or revoke the
 * admin role, and the uploader role (episode uploads), each after a confirmation.
 */
export function UsersAdmin() {
  const titleId = useId();
  const { user: me } = useSession();
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const list = useUsersAdmin(search);
  const setAdmin = useSetUserAdmin();
  const [asked, setAsked] = useState<{ user: AdminUserRow; isAdmin: boolean } | null>(null);
  const setUploader = useSetUserUploader();
  const [askedUploader, setAskedUploader] = useState<{ user: AdminUserRow; isUploader: boolean } | null>(null);
  const [banning, setBanning] = useState<AdminUserRow | null>(null);
  const ban = useBanUser();
  const client = useQueryClient();
  const total = list.data?.pages[0]?.total;

  const close = () => {
    setAsked(null);
    setAdmin.reset();
  };
  const closeUploader = () => {
    setAskedUploader(null);
    setUploader.reset();
  };

  return (
    <section className="users-admin" aria-labelledby={titleId}>
      <h2 id={titleId}>{total !== undefined && !search ? S.titleCount(total) : S.title}</h2>
      <TextField label={S.searchLabel} placeholder={S.searchPlaceholder} type="search" value={text} onChange={(event) => setText(event.target.value)} />
      <InfiniteList
        list={list}
        text={{ loading: S.loading, loadErrorTitle: S.errorTitle, empty: search ? S.notFound(search) : S.empty, retry: S.retry }}
        errorText={pageErrorText(list, S.nextPageError)}
        moreClassName="users-admin__more"
      >
        {(users) => (
          <div className="users-admin__scroll">
            <table className="users-admin__table">
              <thead>
                <tr>
                  <th scope="col">{S.columns.user}</th>
                  <th scope="col">{S.columns.email}</th>
                  <th scope="col">{S.columns.role}</th>
                  <th scope="col">{S.columns.rank}</th>
                  <th scope="col">{S.columns.createdAt}</th>
                  <th scope="col">{S.columns.restrictions}</th>
                  <th scope="col">{S.columns.actions}</th>
                </tr>
              </thead>
              <tbody>
                {users.map((user) => {
                  const admin = isAdminUser(user);
                  const self = user.id === me?.id;
                  return (
                    <tr key={user.id}>
                      <td>
                        <Link to={`/user/${encodeURIComponent(user.username)}`} aria-label={S.profile(user.username)}>
                          {user.username}
                        </Link>
                        {self ? <span className="muted"> {S.you}</span> : null}
                      </td>
                      <td>{user.email}</td>
                      <td>{roleOf(user)}</td>
                      <td>{user.rank}</td>
                      <td>{registeredOn(user.createdAt)}</td>
                      <td>
                        <Restrictions user={user} />
                      </td>
                      <td>
                        {/* An admin cannot revoke their own role (the server refuses it too). */}
                        <div className="users-admin__actions">
                          {self && admin ? null : (
                            <Button
                              size="small"
                              variant="secondary"
                              onClick={() => setAsked({ user, isAdmin: !admin })}
                              aria-label={`${admin ? S.revoke : S.grant}: ${user.username}`}
                            >
                              {admin ? S.revoke : S.grant}
                            </Button>
                          )}
                          {/* An admin uploads anyway: the flag would change nothing. */}
                          {admin ? null : (
                            <Button
                              size="small"
                              variant={user.isUploader ? 'primary' : 'secondary'}
                              aria-pressed={user.isUploader}
                              onClick={() => setAskedUploader({ user, isUploader: !user.isUploader })}
                              aria-label={S.uploaderToggle(user.username)}
                            >
                              {S.uploader}
                            </Button>
                          )}
                          {/* Admins cannot be sanctioned (the server refuses it too). */}
                          {admin ? null : (
                            <Button size="small" variant="ghost" onClick={() => setBanning(user)} aria-label={`${S.ban}: ${user.username}`}>
                              {S.ban}
                            </Button>
                          )}
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </InfiniteList>
      <ConfirmDialog
        open={asked !== null}
        onOpenChange={(open) => (open ? undefined : close())}
        onConfirm={() => asked && setAdmin.mutate({ id: asked.user.id, isAdmin: asked.isAdmin }, { onSuccess: close })}
        title={asked?.isAdmin ? S.grantTitle : S.revokeTitle}
        description={asked ? (asked.isAdmin ? S.grantText(asked.user.username) : S.revokeText(asked.user.username)) : ''}
        confirmLabel={asked?.isAdmin ? S.grant : S.revoke}
        pendingLabel={S.saving}
        pending={setAdmin.isPending}
        error={setAdmin.error ? errorMessage(setAdmin.error) : null}
      />
      <ConfirmDialog
        open={askedUploader !== null}
        onOpenChange={(open) => (open ? undefined : closeUploader())}
        onConfirm={() => askedUploader && setUploader.mutate({ id: askedUploader.user.id, isUploader: askedUploader.isUploader }, { onSuccess: closeUploader })}
        title={askedUploader?.isUploader ? S.grantUploaderTitle : S.revokeUploaderTitle}
        description={
          askedUploader ? (askedUploader.isUploader ? S.grantUploaderText(askedUploader.user.username) : S.revokeUploaderText(askedUploader.user.username)) : ''
        }
        confirmLabel={askedUploader?.isUploader ? S.grantUploader : S.revokeUploader}
        pendingLabel={S.saving}
        pending={setUploader.isPending}
        error={setUploader.error ? errorMessage(setUploader.error) : null}
      />
      <BanUserDialog
        open={banning !== null}
        onOpenChange={(open) => {
          if (open) return;
          setBanning(null);
          ban.reset();
        }}
        username={banning?.username ?? ''}
        onSubmit={(input) =>
          banning &&
          ban.mutate(
            { userId: banning.id, input },
            {
              onSuccess: () => {
                setBanning(null);
                void client.invalidateQueries({ queryKey: usersAdminKeys.all });
              },
            },
          )
        }
        pending={ban.isPending}
        error={ban.error}
      />
    </section>
  );
}

export default UsersAdmin;
