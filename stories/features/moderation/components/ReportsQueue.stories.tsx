import { ErrorCode, REPORT_MESSAGES } from '@portal/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { ReportsQueue } from '../../../../web/src/features/moderation/components/ReportsQueue';
import { caseId, makeReportCase, queuePage } from '../../../../web/src/features/moderation/testing/moderation-fixtures';
import type { MockRequest } from '../../../../web/src/test/mock-api';
import { adminSession, fail, ok } from '../../../support/fixtures';

const QUEUE = 'GET /api/admin/reports';
const decideOf = (n: number) => `PUT /api/admin/reports/${caseId(n)}`;

const spam = () => makeReportCase();
const heldReview = () =>
  makeReportCase({
    id: caseId(2),
    target: { type: 'review', id: caseId(902) },
    snapshot: { authorId: 'u-8', authorUsername: 'spoiler_king', excerpt: 'В финале Лайт умирает, а Рюк…', link: '/anime/1535/review/r' },
    count: 3,
    reasons: [{ reason: 'spoiler', count: 3 }],
    reports: [{ reporter: { id: 'u-1', username: 'sakura' }, reason: 'spoiler', text: null, createdAt: '2026-11-19T10:00:00.000Z' }],
    held: true,
    lastReportedAt: '2026-11-19T10:00:00.000Z',
  });
const nickname = () =>
  makeReportCase({
    id: caseId(3),
    target: { type: 'user', id: 'u-9' },
    snapshot: { authorId: 'u-9', authorUsername: 'badname', excerpt: 'Плохой Ник', link: '/user/badname' },
    count: 1,
    reasons: [{ reason: 'nickname', count: 1 }],
    reports: [{ reporter: { id: 'u-2', username: 'hinata' }, reason: 'nickname', text: null, createdAt: '2026-11-18T10:00:00.000Z' }],
  });

/** Requests the story's handlers saw (reset per story). */
const seen: MockRequest[] = [];
const decided = new Set<string>();
const liveQueue = (request: MockRequest) => {
  seen.push(request);
  const open = [spam(), heldReview(), nickname()].filter((item) => !decided.has(item.id));
  const sorted = request.query.get('sort') === 'most' ? [...open].sort((a, b) => b.count - a.count) : open;
  return queuePage(request.query.get('status') === 'open' ? sorted : []);
};
const deciding = (n: number) => (request: MockRequest) => {
  seen.push(request);
  decided.add(caseId(n));
  const body = request.body as { action: 'resolve' | 'reject'; deleteContent: boolean };
  return ok({
    ...spam(),
    status: body.action === 'resolve' ? 'resolved' : 'rejected',
    decision: { action: body.action, contentDeleted: body.deleteContent, note: null, adminId: 'u-admin', decidedAt: '2026-11-21T00:00:00.000Z' },
  });
};

const meta = {
  title: 'features/moderation/components/ReportsQueue',
  component: ReportsQueue,
  parameters: { session: adminSession, mockApi: { [QUEUE]: liveQueue, [decideOf(1)]: deciding(1) } },
  beforeEach: () => {
    seen.length = 0;
    decided.clear();
  },
} satisfies Meta<typeof ReportsQueue>;

export default meta;
type Story = StoryObj<typeof meta>;

const item = (name: RegExp) => screen.findByRole('article', { name });

export const Loading: Story = {
  parameters: { mockApi: { [QUEUE]: { hang: true } } },
  play: async () => {
    await expect(await screen.findByText('Загрузка жалоб...')).toBeInTheDocument();
  },
};

export const Empty: Story = {
  parameters: { mockApi: { [QUEUE]: queuePage([]) } },
  play: async () => {
    await expect(await screen.findByText('Открытых жалоб нет — всё спокойно.')).toBeInTheDocument();
  },
};

export const LoadFailed: Story = {
  parameters: { mockApi: { [QUEUE]: fail(503, ErrorCode.ServiceUnavailable, 'Сервис временно недоступен') } },
  play: async () => {
    await expect(await screen.findByText('Не удалось загрузить жалобы')).toBeInTheDocument();
    await expect(screen.getByRole('button', { name: 'Повторить' })).toBeInTheDocument();
  },
};

/** Newest first: each target once, with its count, reasons, the content as reported, and who reported it. */
export const Newest: Story = {
  play: async () => {
    const card = within(await item(/Комментарий: troll/));
    await expect(screen.getByRole('heading', { name: 'Жалобы (3)' })).toBeInTheDocument();
    await expect(card.getByText('Жалоб: 2')).toBeInTheDocument();
    await expect(card.getByText('Купите мой курс по аниме! Скидка 90 %')).toBeInTheDocument();
    await expect(card.getByText('Спам или реклама × 1')).toBeInTheDocument();
    await expect(card.getByText(/Реклама в обсуждении серии/)).toBeInTheDocument();
    await expect(card.getByRole('link', { name: 'Открыть' })).toHaveAttribute('href', '/anime/20#comment-x');
    await expect(within(await item(/Рецензия: spoiler_king/)).getByText('Скрыто до проверки')).toBeInTheDocument();
    // An account has nothing to delete.
    await expect(within(await item(/Пользователь: badname/)).queryByRole('button', { name: 'Удалить и закрыть' })).toBeNull();
  },
};

/** «Больше всего жалоб» asks the server for that order. */
export const MostReported: Story = {
  play: async () => {
    await item(/Комментарий: troll/);
    await userEvent.click(screen.getByRole('button', { name: 'Больше всего жалоб' }));
    await waitFor(() => expect(seen.some((request) => request.query.get('sort') === 'most')).toBe(true));
    const cards = await screen.findAllByRole('article');
    await waitFor(() => expect(cards[0]).toHaveAccessibleName(/Рецензия: spoiler_king/));
  },
};

/** «Удалить и закрыть»: the content deleted by its owner, the case leaves the open queue. */
export const ResolveWithDeletion: Story = {
  play: async () => {
    const card = within(await item(/Комментарий: troll/));
    await userEvent.click(card.getByRole('button', { name: 'Удалить и закрыть' }));
    await waitFor(() => expect(seen.find((request) => request.method === 'PUT')?.body).toEqual({ action: 'resolve', deleteContent: true }));
    await waitFor(() => expect(screen.queryByRole('article', { name: /Комментарий: troll/ })).toBeNull());
  },
};

export const Reject: Story = {
  play: async () => {
    const card = within(await item(/Комментарий: troll/));
    await userEvent.click(card.getByRole('button', { name: 'Отклонить' }));
    await waitFor(() => expect(seen.find((request) => request.method === 'PUT')?.body).toEqual({ action: 'reject', deleteContent: false }));
  },
};

/** Another admin decided first: the server's 409 under the case. */
export const AlreadyDecided: Story = {
  parameters: { mockApi: { [decideOf(1)]: fail(409, ErrorCode.Conflict, REPORT_MESSAGES.decided) } },
  play: async () => {
    const card = within(await item(/Комментарий: troll/));
    await userEvent.click(card.getByRole('button', { name: 'Нарушение есть' }));
    await expect(await card.findByText(REPORT_MESSAGES.decided)).toBeInTheDocument();
  },
};

/** «Забанить автора»: the ban dialog, then one decision deleting the content, resolving the case and banning its author (escalation by default). */
export const BanAuthor: Story = {
  play: async () => {
    const card = within(await item(/Комментарий: troll/));
    await userEvent.click(card.getByRole('button', { name: 'Забанить автора' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Наказать troll?' }));
    await expect(dialog.getByRole('checkbox', { name: 'Удалить то, на что пожаловались' })).toBeChecked();
    await userEvent.type(dialog.getByRole('textbox', { name: 'Причина' }), 'Спам');
    await userEvent.click(dialog.getByRole('button', { name: 'Наказать' }));
    await waitFor(() =>
      expect(seen.find((request) => request.method === 'PUT')?.body).toEqual({
        action: 'resolve',
        deleteContent: true,
        ban: { kind: 'read-only', reason: 'Спам' },
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Наказать troll?' })).toBeNull());
    await waitFor(() => expect(screen.queryByRole('article', { name: /Комментарий: troll/ })).toBeNull());
  },
};

/** The admin keeps the content: the ban alone resolves the case. */
export const BanAuthorKeepingContent: Story = {
  play: async () => {
    const card = within(await item(/Комментарий: troll/));
    await userEvent.click(card.getByRole('button', { name: 'Забанить автора' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Наказать troll?' }));
    await userEvent.click(dialog.getByRole('checkbox', { name: 'Удалить то, на что пожаловались' }));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Причина' }), 'Спам');
    await userEvent.click(dialog.getByRole('button', { name: 'Наказать' }));
    await waitFor(() =>
      expect(seen.find((request) => request.method === 'PUT')?.body).toEqual({
        action: 'resolve',
        deleteContent: false,
        ban: { kind: 'read-only', reason: 'Спам' },
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Наказать troll?' })).toBeNull());
    await waitFor(() => expect(screen.queryByRole('article', { name: /Комментарий: troll/ })).toBeNull());
  },
};

/** The ban is refused (the author is an admin): the dialog stays open with the message, the case stays open. */
export const BanAuthorRefused: Story = {
  parameters: { mockApi: { [decideOf(1)]: fail(403, ErrorCode.Forbidden, 'Нельзя наказать администратора') } },
  play: async () => {
    const card = within(await item(/Комментарий: troll/));
    await userEvent.click(card.getByRole('button', { name: 'Забанить автора' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Наказать troll?' }));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Причина' }), 'Спам');
    await userEvent.click(dialog.getByRole('button', { name: 'Наказать' }));
    await expect(await dialog.findByText('Нельзя наказать администратора')).toBeInTheDocument();
    await expect(screen.getByRole('article', { name: /Комментарий: troll/, hidden: true })).toBeInTheDocument();
  },
};
