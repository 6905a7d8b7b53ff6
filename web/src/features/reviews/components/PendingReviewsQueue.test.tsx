import { ErrorCode, REVIEW_MESSAGES } from '@portal/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { tokenStorage } from '../../../shared/api/token-storage';
import { makeAdmin } from '../../../test/fixtures';
import { fail, ok, type MockRequest } from '../../../test/mock-api';
import { mockApiPerTest } from '../../../test/mock-api-per-test';
import { renderWithApp } from '../../../test/render';
import { makePendingPage, makePendingReview, reviewId } from '../testing/review-fixtures';
import { PendingReviewsQueue } from './PendingReviewsQueue';

const mockApi = mockApiPerTest();
const QUEUE = 'GET /api/admin/reviews/pending';
const first = makePendingReview({
  id: reviewId(1),
  title: 'Шедевр',
  author: { id: 'u-2', username: 'hinata', displayName: 'Хината', avatar: null, rank: 'новичок' },
});
const second = makePendingReview({
  id: reviewId(2),
  title: null,
  score: 4,
  author: { id: 'u-3', username: 'naruto', displayName: 'Наруто', avatar: null, rank: 'знаток' },
});

/** The queue as the server has it: both reviews until `decided` says one left. */
function queueAnswer(decided: Set<string>) {
  return () => ok(makePendingPage([first, second].filter((review) => !decided.has(review.id))));
}

function renderQueue() {
  tokenStorage.save('admin-jwt', makeAdmin());
  return renderWithApp(<PendingReviewsQueue />, { session: { token: 'admin-jwt', user: makeAdmin() } });
}

const card = (name: string) => screen.getByRole('article', { name: `Рецензия на «Стальной алхимик: Братство»: ${name}` });

describe('PendingReviewsQueue', () => {
  it('approves a review: it leaves the list and the count goes down', async () => {
    const decided = new Set<string>();
    const api = mockApi({
      [QUEUE]: queueAnswer(decided),
      [`PUT /api/reviews/${first.id}/approve`]: () => {
        decided.add(first.id);
        return ok({ ...first, status: 'approved' });
      },
    });
    const user = userEvent.setup();
    renderQueue();

    expect(await screen.findByRole('heading', { name: 'Рецензии на проверке (2)' })).toBeInTheDocument();
    expect(within(card('Хината')).getByText('Шедевр')).toBeInTheDocument();
    expect(within(card('Наруто')).getByText('★ 4 / 10')).toBeInTheDocument();

    await user.click(within(card('Хината')).getByRole('button', { name: 'Одобрить' }));

    await waitFor(() => expect(screen.queryByRole('article', { name: /Хината/ })).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Рецензии на проверке (1)' })).toBeInTheDocument();
    expect(card('Наруто')).toBeInTheDocument();
    expect(api.callsTo(`PUT /api/reviews/${first.id}/approve`)).toHaveLength(1);
    expect(api.callsTo(`PUT /api/reviews/${first.id}/approve`)[0]?.headers.get('Authorization')).toBe('Bearer admin-jwt');
    expect(await screen.findByText('Рецензия одобрена')).toBeInTheDocument();
  });

  it('rejects only with a reason, and sends the reason', async () => {
    const decided = new Set<string>();
    const rejects: MockRequest[] = [];
    mockApi({
      [QUEUE]: queueAnswer(decided),
      [`PUT /api/reviews/${second.id}/reject`]: (request) => {
        rejects.push(request);
        decided.add(second.id);
        return ok({ ...second, status: 'rejected', rejectionReason: 'Спойлеры без тега' });
      },
    });
    const user = userEvent.setup();
    renderQueue();

    await user.click(within(await screen.findByRole('article', { name: /Наруто/ })).getByRole('button', { name: 'Отклонить' }));
    const dialog = await screen.findByRole('dialog', { name: 'Отклонить рецензию?' });
    const reason = within(dialog).getByRole('textbox', { name: 'Причина отклонения' });

    // Nothing typed (or only spaces): the reason is asked for and nothing is sent.
    await user.type(reason, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Отклонить' }));
    expect(await within(dialog).findByText(REVIEW_MESSAGES.reason)).toBeInTheDocument();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(rejects).toHaveLength(0);

    await user.clear(reason);
    await user.type(reason, '  Спойлеры без тега ');
    await user.click(within(dialog).getByRole('button', { name: 'Отклонить' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(rejects).toHaveLength(1);
    expect(rejects[0]?.body).toEqual({ reason: 'Спойлеры без тега' });
    expect(screen.queryByRole('article', { name: /Наруто/ })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Рецензии на проверке (1)' })).toBeInTheDocument();
  });

  it('keeps the dialog open with the server’s refusal, and drops a review another admin already moderated', async () => {
    mockApi({
      [QUEUE]: [ok(makePendingPage([first, second])), ok(makePendingPage([second]))],
      [`PUT /api/reviews/${first.id}/reject`]: fail(409, ErrorCode.Conflict, REVIEW_MESSAGES.notPending),
    });
    const user = userEvent.setup();
    renderQueue();

    await user.click(within(await screen.findByRole('article', { name: /Хината/ })).getByRole('button', { name: 'Отклонить' }));
    const dialog = await screen.findByRole('dialog', { name: 'Отклонить рецензию?' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Причина отклонения' }), 'Оффтоп');
    await user.click(within(dialog).getByRole('button', { name: 'Отклонить' }));

    expect(await within(dialog).findByText(REVIEW_MESSAGES.notPending)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('article', { name: /Хината/ })).not.toBeInTheDocument());
  });
});
