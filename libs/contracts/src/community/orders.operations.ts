import { defineOperation } from '../operations/define-operation';
import { orderCreateResultSchema, orderItemSchema, orderPageSchema, orderVoteStateSchema } from './orders.answers';
import { orderCreateSchema, orderListQuerySchema, orderParamsSchema, orderStatusSchema } from './orders.schemas';

/**
 * The order desk (docs/community.md, «Order desk»): the community owns requests and votes. The list
 * is public and says whether a signed-in caller voted, so none of it is cached.
 */
export const ORDERS_OPERATIONS = {
  list: defineOperation({
    pattern: 'community.orders.list',
    kind: 'read',
    access: 'public',
    http: { method: 'GET', path: '/orders' },
    summary: 'Requests, 20 a page; ?status, ?sort=votes|date (votes by default), ?page; voted/mine for a signed-in caller',
    request: orderListQuerySchema,
    answer: orderPageSchema,
  }),
  create: defineOperation({
    pattern: 'community.order.create',
    kind: 'write',
    access: 'user',
    creates: 'content',
    http: { method: 'POST', path: '/orders' },
    summary:
      'Ask for a title: animeId (catalogue) or title (2-200 characters), note up to 1000. An open duplicate gets the vote (outcome voted, duplicateOf); a title with episodes is answered with a link (outcome available). At most 5 open requests per user',
    notes:
      "`note` is plain text. `outcome` is `created` (the new request, the author's vote counted), `voted` (an open duplicate got the caller's vote: `duplicateOf` is its id, `message` «Такой заказ уже есть — ваш голос учтён») or `available` (the title has episodes: `available: { animeId, title, url }`, nothing stored). A 400 on `orders` at 5 open requests.",
    request: orderCreateSchema,
    answer: orderCreateResultSchema,
  }),
  vote: defineOperation({
    pattern: 'community.order.vote',
    kind: 'write',
    access: 'user',
    http: { method: 'POST', path: '/orders/:id/vote' },
    summary: 'Vote for an open request (once; again changes nothing)',
    notes: '404 for an unknown request; 409 for a closed one.',
    request: orderParamsSchema,
    answer: orderVoteStateSchema,
  }),
  unvote: defineOperation({
    pattern: 'community.order.unvote',
    kind: 'write',
    access: 'user',
    http: { method: 'DELETE', path: '/orders/:id/vote' },
    summary: 'Take one’s vote back from an open request',
    notes: '409 for a closed request.',
    request: orderParamsSchema,
    answer: orderVoteStateSchema,
  }),
  setStatus: defineOperation({
    pattern: 'community.order.status',
    kind: 'write',
    access: 'admin',
    http: { method: 'PUT', path: '/orders/:id/status' },
    summary:
      'Admin: requested → accepted → in_progress → released, or rejected with a reason (409 for any other move); animeId links a typed request to its title (needed to release). Released: the voters are told',
    notes: '`reason` is required with rejected (≤ 500 characters). A 400 on `animeId` to release a request with no catalogue title.',
    request: orderStatusSchema,
    answer: orderItemSchema,
  }),
};
