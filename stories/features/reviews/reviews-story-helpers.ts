import type { ReviewItem } from '@portal/contracts';
import { createElement } from 'react';
import { Route, Routes } from 'react-router-dom';
import ReviewPage from '../../../web/src/features/reviews/components/ReviewPage';
import { longText, makeReview, reviewId } from '../../../web/src/features/reviews/testing/review-fixtures';
import type { MockRequest, MockResponse } from '../../../web/src/test/mock-api';

export const me = { id: 'u-1', username: 'sakura', displayName: 'Сакура', avatar: null, rank: 'новичок' };
export const naruto = { id: 'u-3', username: 'naruto', displayName: 'Наруто', avatar: null, rank: 'знаток' };

/** Requests a story's handlers saw (reset by each story's beforeEach). */
export const seen: { requests: MockRequest[] } = { requests: [] };
export const recording =
  (answer: (request: MockRequest) => MockResponse) =>
  (request: MockRequest): MockResponse => {
    seen.requests.push(request);
    return answer(request);
  };

export const approvedReviews = (): ReviewItem[] => [
  makeReview({ id: reviewId(101), title: 'Лучшее аниме десятилетия', score: 9, helpful: 3, unhelpful: 1, text: longText(3, 'Хината пишет') }),
  makeReview({ id: reviewId(102), title: null, author: naruto, score: 6, helpful: 0, unhelpful: 2, text: longText(1, 'Наруто пишет') }),
];

export const ownPending = () => makeReview({ id: reviewId(201), author: me, mine: true, status: 'pending', title: 'Моя рецензия', helpful: 0, unhelpful: 0 });

export const ownRejected = () =>
  makeReview({ id: reviewId(202), author: me, mine: true, status: 'rejected', rejectionReason: 'Спойлеры без тегов', title: 'Моя рецензия' });

/** The review page as routed in the app, with a stand-in for the anime page the way back leads to. */
export const reviewRoutes = () =>
  createElement(
    Routes,
    null,
    createElement(Route, { path: '/anime/:id/review/:reviewId', element: createElement(ReviewPage) }),
    createElement(Route, { path: '/anime/:id', element: createElement('p', null, 'Страница аниме') }),
  );
