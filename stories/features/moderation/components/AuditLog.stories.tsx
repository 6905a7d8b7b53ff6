import { type AuditLogEntry, ErrorCode } from '@portal/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, screen, userEvent, waitFor, within } from 'storybook/test';
import { AuditLog } from '../../../../web/src/features/moderation/components/AuditLog';
import type { MockRequest, MockResponse } from '../../../../web/src/test/mock-api';
import { adminSession, fail } from '../../../support/fixtures';

const LIST = 'GET /api/admin/audit-log';
const ADMIN = '00000000-0000-4000-8000-000000000001';
const HINATA = '00000000-0000-4000-8000-000000000002';
const GONE_ADMIN = '7f3c2a10-5b1e-4c3d-9a8b-0123456789ab';
const GONE_USER = 'c81e728d-9d4c-4f63-8b2a-fedcba987654';

const page = (items: AuditLogEntry[], total = items.length, pageNumber = 1): MockResponse => ({
  status: 200,
  body: { success: true, data: items, meta: { page: pageNumber, limit: 50, total } },
});

const banned: AuditLogEntry = {
  id: 'a1',
  eventName: 'moderation.user.banned',
  actorId: ADMIN,
  actorName: 'boss',
  subjectUserId: HINATA,
  subjectName: 'hinata',
  details: { action: { kind: 'read-only', reason: 'Спам' }, before: null, after: { kind: 'read-only', reason: '<img src=x onerror=alert(1)>' } },
  occurredAt: '2026-11-26T10:00:00.000Z',
};
const registered: AuditLogEntry = {
  id: 'a2',
  eventName: 'auth.user.registered',
  actorId: null,
  actorName: null,
  subjectUserId: HINATA,
  subjectName: 'hinata',
  details: { username: 'hinata' },
  occurredAt: '2026-11-20T10:00:00.000Z',
};
const unknown: AuditLogEntry = {
  id: 'a3',
  eventName: 'catalog.anime.imported',
  actorId: ADMIN,
  actorName: 'boss',
  subjectUserId: null,
  subjectName: null,
  details: {},
  occurredAt: '2026-11-19T10:00:00.000Z',
};
const animeEdited: AuditLogEntry = {
  id: 'a4',
  eventName: 'admin.anime.updated',
  actorId: ADMIN,
  actorName: 'boss',
  subjectUserId: null,
  subjectName: null,
  details: { target: 'anime', targetId: '20', action: 'updated', before: { title: 'Наруто' }, after: { title: 'Naruto' } },
  occurredAt: '2026-11-25T10:00:00.000Z',
};
const reviewApproved: AuditLogEntry = {
  id: 'a5',
  eventName: 'admin.review.approved',
  actorId: ADMIN,
  actorName: 'boss',
  subjectUserId: HINATA,
  subjectName: 'hinata',
  details: { target: 'review', targetId: 'r1', action: 'approved', before: { status: 'pending' }, after: { status: 'approved' } },
  occurredAt: '2026-11-24T10:00:00.000Z',
};
const many = Array.from({ length: 50 }, (_, index): AuditLogEntry => ({ ...registered, id: `m${index}`, details: { username: `user${index}` } }));

/** Requests the story's handlers saw (reset per story). */
const seen: MockRequest[] = [];
const liveList = (request: MockRequest) => {
  seen.push(request);
  const event = request.query.get('event');
  const from = request.query.get('from');
  const all = [banned, registered, unknown];
  return page(all.filter((entry) => (!event || entry.eventName === event) && (!from || entry.occurredAt >= from)));
};

const meta = {
  title: 'features/moderation/components/AuditLog',
  component: AuditLog,
  parameters: { session: adminSession, mockApi: { [LIST]: liveList } },
  beforeEach: () => {
    seen.length = 0;
  },
} satisfies Meta<typeof AuditLog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  parameters: { mockApi: { [LIST]: { hang: true } } },
  play: async () => {
    await expect(await screen.findByText('Загрузка журнала...')).toBeInTheDocument();
  },
};

export const Empty: Story = {
  parameters: { mockApi: { [LIST]: page([]) } },
  play: async () => {
    await expect(await screen.findByText('В журнале пока нет записей.')).toBeInTheDocument();
  },
};

/** A failed load offers «Повторить», which asks again. */
export const LoadFailed: Story = {
  parameters: {
    mockApi: {
      [LIST]: (request: MockRequest) => {
        seen.push(request);
        return seen.length === 1 ? fail(503, ErrorCode.ServiceUnavailable, 'Сервис временно недоступен') : page([banned]);
      },
    },
  },
  play: async () => {
    await expect(await screen.findByText('Не удалось загрузить журнал')).toBeInTheDocument();
    await expect(screen.getByText('Сервис временно недоступен')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    await expect(await screen.findByRole('cell', { name: 'Бан' })).toBeInTheDocument();
  },
};

/** Who and about whom (nicknames linked to the profiles, ids as titles), what (a Russian label, the raw name when unknown), when; «Подробнее» shows before/after as text, never HTML. */
export const List: Story = {
  play: async ({ canvasElement }) => {
    await expect(await screen.findByRole('heading', { name: 'Журнал действий (3)' })).toBeInTheDocument();
    const row = within((await screen.findByRole('cell', { name: 'Бан' })).closest('tr')!);
    const actor = row.getByRole('link', { name: 'boss' });
    await expect(actor).toHaveAttribute('href', '/user/boss');
    await expect(actor).toHaveAttribute('title', ADMIN);
    await expect(row.getByRole('link', { name: 'hinata' })).toHaveAttribute('title', HINATA);
    await userEvent.click(row.getByText('Подробнее'));
    await expect(row.getByText('До')).toBeVisible();
    await expect(row.getByText(/<img src=x onerror=alert\(1\)>/)).toBeVisible();
    await expect(canvasElement.querySelector('.audit-log img')).toBeNull();
    const own = within(screen.getByRole('cell', { name: 'Регистрация' }).closest('tr')!);
    await expect(own.getByText('система')).toBeInTheDocument();
    await expect(screen.getByText('catalog.anime.imported')).toBeInTheDocument();
  },
};

/** The event select and the date range go to the server; no match shows the filtered-empty state. */
export const Filtered: Story = {
  play: async () => {
    await screen.findByRole('cell', { name: 'Бан' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Событие' }), 'moderation.user.banned');
    await waitFor(() => expect(seen.some((request) => request.query.get('event') === 'moderation.user.banned')).toBe(true));
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Регистрация' })).toBeNull());
    await expect(screen.getByRole('cell', { name: 'Бан' })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('С даты'), { target: { value: '2026-11-27' } });
    await waitFor(() => expect(seen.some((request) => request.query.get('from') === '2026-11-27')).toBe(true));
    await expect(await screen.findByText('Нет записей по выбранным фильтрам.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Сбросить фильтры' }));
    await expect(await screen.findByRole('cell', { name: 'Регистрация' })).toBeInTheDocument();
  },
};

/** 50 a page: «Показать ещё» loads the next. */
export const NextPageOfEntries: Story = {
  parameters: { mockApi: { [LIST]: (request: MockRequest) => (request.query.get('page') === '2' ? page([banned], 51, 2) : page(many, 51, 1)) } },
  play: async () => {
    await expect(await screen.findByRole('heading', { name: 'Журнал действий (51)' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Показать ещё' }));
    await expect(await screen.findByRole('cell', { name: 'Бан' })).toBeInTheDocument();
  },
};

/** An account that is gone (or auth did not answer): the start of its id, the whole id as the title, no link. */
export const NamesUnknown: Story = {
  parameters: { mockApi: { [LIST]: page([{ ...banned, actorId: GONE_ADMIN, actorName: null, subjectUserId: GONE_USER, subjectName: null }]) } },
  play: async () => {
    const row = within((await screen.findByRole('cell', { name: 'Бан' })).closest('tr')!);
    await expect(row.getByText('7f3c2a10')).toHaveAttribute('title', GONE_ADMIN);
    await expect(row.getByText('c81e728d')).toHaveAttribute('title', GONE_USER);
    await expect(row.queryByRole('link')).toBeNull();
  },
};

/** Admins' content actions read as target and participle; the select offers the common ones. */
export const AdminActions: Story = {
  parameters: {
    mockApi: {
      [LIST]: (request: MockRequest) => {
        seen.push(request);
        const event = request.query.get('event');
        return page([animeEdited, reviewApproved].filter((entry) => !event || entry.eventName === event));
      },
    },
  },
  play: async () => {
    await expect(await screen.findByRole('cell', { name: 'Аниме: изменено' })).toHaveAttribute('title', 'admin.anime.updated');
    await expect(screen.getByRole('cell', { name: 'Рецензия: одобрена' })).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Событие' }), screen.getByRole('option', { name: 'Рецензия: одобрена' }));
    await waitFor(() => expect(seen.some((request) => request.query.get('event') === 'admin.review.approved')).toBe(true));
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Аниме: изменено' })).toBeNull());
  },
};

/** The next page fails: the loaded entries stay, the error says what failed, «Показать ещё» asks again. */
export const NextPageFailed: Story = {
  parameters: {
    mockApi: {
      [LIST]: (request: MockRequest) => {
        if (request.query.get('page') !== '2') return page(many, 51, 1);
        seen.push(request);
        return seen.length === 1 ? fail(503, ErrorCode.ServiceUnavailable, 'Сервис временно недоступен') : page([banned], 51, 2);
      },
    },
  },
  play: async () => {
    await screen.findByRole('heading', { name: 'Журнал действий (51)' });
    await userEvent.click(screen.getByRole('button', { name: 'Показать ещё' }));
    await expect(await screen.findByText('Не удалось загрузить ещё: Сервис временно недоступен')).toBeInTheDocument();
    await expect(screen.getAllByRole('cell', { name: 'Регистрация' })).toHaveLength(50);
    await userEvent.click(screen.getByRole('button', { name: 'Показать ещё' }));
    await expect(await screen.findByRole('cell', { name: 'Бан' })).toBeInTheDocument();
  },
};
