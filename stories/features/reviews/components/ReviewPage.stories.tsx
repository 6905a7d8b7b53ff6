import { ErrorCode, REVIEW_MESSAGES } from '@portal/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import ReviewPage from '../../../../web/src/features/reviews/components/ReviewPage';
import { longText, makeReview, reviewId } from '../../../../web/src/features/reviews/testing/review-fixtures';
import { adminSession, fail, ok, userSession } from '../../../support/fixtures';
import { ownPending, recording, reviewRoutes, seen } from '../reviews-story-helpers';

const ID = reviewId(101);
const ONE = `GET /api/reviews/one/${ID}`;
const XSS = '<script>alert("xss")</script><img src=x onerror=alert(1)>';
const withSpoiler = makeReview({
  id: ID,
  title: 'Финал, который стоит ждать',
  text: `${longText(2)}\nВторая строка абзаца.\n\n${XSS}\n\n[spoiler]Главный герой погибает в последней серии.\n\nА злодей оказывается его братом.[/spoiler]\n\nИтог: смотреть обязательно. [spoiler] без конца`,
});

const meta = {
  title: 'features/reviews/components/ReviewPage',
  component: ReviewPage,
  render: reviewRoutes,
  parameters: { session: userSession, route: `/anime/1/review/${ID}`, mockApi: { [ONE]: ok(withSpoiler) } },
  beforeEach: () => {
    seen.requests = [];
  },
} satisfies Meta<typeof ReviewPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const heading = () => screen.findByRole('heading', { level: 1, name: 'Финал, который стоит ждать' });

export const Loading: Story = {
  parameters: { mockApi: { [ONE]: { hang: true } } },
  play: async () => {
    await expect(await screen.findByText('Загрузка рецензий...')).toBeInTheDocument();
    await expect(screen.getByRole('link', { name: '← К аниме' })).toHaveAttribute('href', '/anime/1');
  },
};

/** The whole text: paragraphs and line breaks, markup as text, the spoiler collapsed (its text not in the page). */
export const SpoilerCollapsed: Story = {
  play: async () => {
    await heading();
    await expect(screen.getByText(/^Абзац 2\./)).toBeInTheDocument();
    await expect(screen.getByText(/Вторая строка абзаца\./)).toBeInTheDocument();
    // Markup stays text: no script or image element came from the review.
    await expect(screen.getByText(XSS)).toBeInTheDocument();
    await expect(document.querySelector('.review-text script, .review-text img')).toBeNull();
    await expect(screen.queryByText(/Главный герой погибает/)).not.toBeInTheDocument();
    await expect(screen.getByRole('button', { name: 'Показать спойлер' })).toHaveAttribute('aria-expanded', 'false');
    // An unclosed tag is left as written.
    await expect(screen.getByText('Итог: смотреть обязательно. [spoiler] без конца')).toBeInTheDocument();
    // Not the viewer's: votes, no edit or delete.
    await expect(screen.getByRole('button', { name: 'Полезно (3)' })).toBeEnabled();
    await expect(screen.queryByRole('button', { name: 'Изменить' })).not.toBeInTheDocument();
    await expect(screen.queryByRole('button', { name: 'Удалить' })).not.toBeInTheDocument();
  },
};

export const SpoilerExpanded: Story = {
  play: async () => {
    await heading();
    await userEvent.click(screen.getByRole('button', { name: 'Показать спойлер' }));
    const spoiler = screen.getByRole('region', { name: 'Спойлер' });
    await expect(within(spoiler).getByText('Главный герой погибает в последней серии.')).toBeInTheDocument();
    await expect(within(spoiler).getByText('А злодей оказывается его братом.')).toBeInTheDocument();
    await expect(screen.getByRole('button', { name: 'Скрыть спойлер' })).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Скрыть спойлер' }));
    await expect(screen.queryByText(/Главный герой погибает/)).not.toBeInTheDocument();
  },
};

export const NotFound: Story = {
  parameters: { mockApi: { [ONE]: fail(404, ErrorCode.NotFound, REVIEW_MESSAGES.notFound) } },
  play: async () => {
    await expect(await screen.findByText('Рецензия не найдена')).toBeInTheDocument();
    await expect(screen.getByRole('link', { name: 'К аниме' })).toHaveAttribute('href', '/anime/1');
  },
};

const own = ownPending();
const OWN_ONE = `GET /api/reviews/one/${own.id}`;

/** The author's own pending review: the badge, «Изменить» (the editor says it goes back to moderation), «Удалить». */
export const OwnPendingReview: Story = {
  parameters: { route: `/anime/1/review/${own.id}`, mockApi: { [OWN_ONE]: ok(own) } },
  play: async () => {
    await screen.findByRole('heading', { level: 1, name: 'Моя рецензия' });
    await expect(screen.getByText('На модерации')).toBeInTheDocument();
    await expect(screen.queryByRole('button', { name: /^Полезно/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Изменить' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Изменить рецензию' }));
    await expect(dialog.getByText(/снова уйдёт на модерацию/)).toBeInTheDocument();
    await expect(dialog.getByRole('textbox', { name: 'Текст рецензии' })).toHaveValue(own.text);
    await expect(dialog.getByRole('button', { name: 'Сохранить' })).toBeEnabled();
  },
};

/** «Удалить» → «Удалить рецензию?» → DELETE → back on the anime page. */
export const DeleteConfirmed: Story = {
  parameters: {
    route: `/anime/1/review/${own.id}`,
    mockApi: { [OWN_ONE]: ok(own), [`DELETE /api/reviews/${own.id}`]: recording(() => ok({ id: own.id, deleted: true })) },
  },
  play: async () => {
    await screen.findByRole('heading', { level: 1, name: 'Моя рецензия' });
    await userEvent.click(screen.getByRole('button', { name: 'Удалить' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Удалить рецензию?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Удалить' }));
    await expect(await screen.findByText('Страница аниме')).toBeInTheDocument();
    await expect(seen.requests).toHaveLength(1);
    await expect(await screen.findByText('Рецензия удалена')).toBeInTheDocument();
  },
};

/** An admin may delete someone else's review (not edit it). */
export const AdminDeleteRefused: Story = {
  parameters: {
    session: adminSession,
    mockApi: { [ONE]: ok(withSpoiler), [`DELETE /api/reviews/${ID}`]: fail(403, ErrorCode.Forbidden, REVIEW_MESSAGES.deleteForeign) },
  },
  play: async () => {
    await heading();
    await expect(screen.queryByRole('button', { name: 'Изменить' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Удалить' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Удалить рецензию?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(dialog.getByRole('alert')).toHaveTextContent(REVIEW_MESSAGES.deleteForeign));
    await expect(dialog.getByRole('button', { name: 'Удалить' })).toBeEnabled();
  },
};

const rejected = { ...own, status: 'rejected' as const, rejectionReason: 'Спойлеры без тегов' };

/** A rejected review edited: PUT with the new values, back to «На модерации», the toast says so. */
export const EditedBackToModeration: Story = {
  parameters: {
    route: `/anime/1/review/${own.id}`,
    mockApi: {
      [OWN_ONE]: ok(rejected),
      [`PUT /api/reviews/${own.id}`]: recording((request) => ok({ ...own, ...(request.body as object), status: 'pending', rejectionReason: null })),
      'GET /api/reviews/1': ok({ items: [], nextCursor: null }),
    },
  },
  play: async () => {
    await screen.findByRole('heading', { level: 1, name: 'Моя рецензия' });
    await expect(screen.getByText('Отклонена: Спойлеры без тегов')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Изменить' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Изменить рецензию' }));
    await userEvent.selectOptions(dialog.getByRole('combobox', { name: 'Оценка' }), '7');
    await userEvent.click(dialog.getByRole('button', { name: 'Сохранить' }));
    await expect(await screen.findByText('Рецензия изменена')).toBeInTheDocument();
    await expect(seen.requests[0]!.body).toEqual({ title: 'Моя рецензия', text: own.text, score: 7 });
    await expect(await screen.findByText('На модерации')).toBeInTheDocument();
    await expect(window.localStorage.getItem(`review-draft:1:${own.id}`)).toBeNull();
  },
};
