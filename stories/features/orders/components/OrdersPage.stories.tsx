import { ErrorCode, ORDER_MESSAGES, type OrderCreateResult } from '@portal/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import OrdersPage from '../../../../web/src/features/orders/components/OrdersPage';
import { makeOrder, orderId, orderPage, sampleOrders } from '../../../../web/src/features/orders/testing/orders-fixtures';
import type { MockRequest } from '../../../../web/src/test/mock-api';
import { adminSession, fail, ok, userSession } from '../../../support/fixtures';
import { SUGGESTIONS } from '../../catalogue/people-fixtures';

const LIST = 'GET /api/orders';
const CREATE = 'POST /api/orders';
const SUGGEST = 'GET /api/anime/suggest';
const VOTE = `POST /api/orders/${orderId(1)}/vote`;
const STATUS = `PUT /api/orders/${orderId(1)}/status`;
const STATUS_OVA = `PUT /api/orders/${orderId(2)}/status`;
const seen: MockRequest[] = [];
const record = (answer: ReturnType<typeof ok>) => (request: MockRequest) => {
  seen.push(request);
  return answer;
};
const list = () => screen.findByRole('list', { name: 'Заказы' });
const titles = async () =>
  within(await list())
    .getAllByRole('heading')
    .map((heading) => heading.textContent);
const created = (overrides: Partial<OrderCreateResult> = {}): OrderCreateResult => ({
  outcome: 'created',
  message: ORDER_MESSAGES.created,
  order: makeOrder({ id: orderId(7), title: 'Моё аниме', mine: true, voted: true, votes: 1 }),
  duplicateOf: null,
  available: null,
  ...overrides,
});

const meta = {
  title: 'features/orders/components/OrdersPage',
  component: OrdersPage,
  parameters: { route: '/orders', session: userSession, mockApi: { [LIST]: ok(orderPage(sampleOrders())), [SUGGEST]: ok([]) } },
  beforeEach: () => {
    seen.length = 0;
  },
} satisfies Meta<typeof OrdersPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  parameters: { mockApi: { [LIST]: { hang: true } } },
  play: async () => {
    await expect(await screen.findByText('Загрузка заказов...')).toBeInTheDocument();
  },
};

export const Empty: Story = {
  parameters: { mockApi: { [LIST]: ok(orderPage([])) } },
  play: async () => {
    await expect(await screen.findByText('Заказов пока нет — будьте первым!')).toBeInTheDocument();
  },
};

export const LoadError: Story = {
  parameters: { mockApi: { [LIST]: fail(503, ErrorCode.ServiceUnavailable, 'Сервис временно недоступен') } },
  play: async () => {
    await expect(await screen.findByText('Не удалось загрузить заказы')).toBeInTheDocument();
    await expect(screen.getByText('Сервис временно недоступен')).toBeInTheDocument();
    await expect(screen.getByRole('button', { name: 'Повторить' })).toBeInTheDocument();
  },
};

/** A guest sees the list and a sign-in link instead of the form; votes are disabled. */
export const SignedOut: Story = {
  parameters: { session: null },
  play: async () => {
    await expect(await screen.findByRole('link', { name: 'Войдите, чтобы заказать аниме или проголосовать' })).toHaveAttribute('href', '/login');
    await list();
    await expect(screen.getByRole('button', { name: /Голосовать за «Тетрадь смерти»/ })).toBeDisabled();
  },
};

/** Every status with its badge, the rejection reason, and no admin controls for a user. */
export const List: Story = {
  play: async () => {
    await expect(await titles()).toEqual(['Тетрадь смерти', 'Редкое OVA 1987', 'Наруто', 'Несуществующий сериал']);
    const cards = within(await list()).getAllByRole('listitem');
    await expect(within(cards[0]).getByText('Заявка')).toBeInTheDocument();
    await expect(within(cards[1]).getByText('Принят')).toBeInTheDocument();
    await expect(within(cards[2]).getByText('Вышел')).toBeInTheDocument();
    await expect(within(cards[3]).getByText('Причина отказа: Нет прав на показ')).toBeInTheDocument();
    await expect(within(cards[0]).getByRole('link', { name: 'Тетрадь смерти' })).toHaveAttribute('href', '/anime/1535');
    await expect(within(cards[2]).getByRole('button', { name: /Голосовать/ })).toBeDisabled();
    await expect(screen.queryByRole('group', { name: /Статус заказа/ })).not.toBeInTheDocument();
  },
};

/** Filters by status and sorts by date: each choice is what the list asks the server. */
export const FilterAndSort: Story = {
  parameters: {
    mockApi: {
      [LIST]: (request: MockRequest) => {
        seen.push(request);
        return request.query.get('status') === 'accepted' ? ok(orderPage([sampleOrders()[1]])) : ok(orderPage(sampleOrders()));
      },
    },
  },
  play: async () => {
    await list();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Статус' }), 'accepted');
    await waitFor(async () => expect(await titles()).toEqual(['Редкое OVA 1987']));
    await expect(seen.at(-1)?.query.get('status')).toBe('accepted');
    await userEvent.click(screen.getByRole('radio', { name: 'По дате' }));
    await waitFor(() => expect(seen.at(-1)?.query.get('sort')).toBe('date'));
    await expect(screen.getByRole('radio', { name: 'По дате' })).toHaveAttribute('aria-checked', 'true');
  },
};

export const EmptyStatus: Story = {
  parameters: { route: '/orders?status=in_progress', mockApi: { [LIST]: ok(orderPage([])) } },
  play: async () => {
    await expect(await screen.findByText('Нет заказов со статусом «В работе»')).toBeInTheDocument();
  },
};

/** A vote shows at once and the server's count is kept. */
export const Voted: Story = {
  parameters: { mockApi: { [VOTE]: record(ok({ id: orderId(1), votes: 4, voted: true }, 201)) } },
  play: async () => {
    await list();
    await userEvent.click(screen.getByRole('button', { name: 'Голосовать за «Тетрадь смерти», сейчас 3 голоса' }));
    const button = await screen.findByRole('button', { name: 'Отозвать голос за «Тетрадь смерти», сейчас 4 голоса' });
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    await expect(seen).toHaveLength(1);
  },
};

/** The server refuses the vote: the button goes back and a toast says why. */
export const VoteRolledBack: Story = {
  parameters: { mockApi: { [VOTE]: { ...fail(409, ErrorCode.Conflict, ORDER_MESSAGES.closed), delayMs: 30 } } },
  play: async () => {
    await list();
    await userEvent.click(screen.getByRole('button', { name: 'Голосовать за «Тетрадь смерти», сейчас 3 голоса' }));
    await screen.findByRole('button', { name: 'Отозвать голос за «Тетрадь смерти», сейчас 4 голоса' });
    await expect(await screen.findByRole('button', { name: 'Голосовать за «Тетрадь смерти», сейчас 3 голоса' })).toHaveAttribute('aria-pressed', 'false');
    await expect(await screen.findByText(ORDER_MESSAGES.closed)).toBeInTheDocument();
  },
};

/** A catalogue title picked from the suggestions is sent by id. */
export const CreateFromCatalogue: Story = {
  parameters: {
    mockApi: {
      [SUGGEST]: ok([{ id: 16498, title: 'Атака титанов', matchedName: 'Атака титанов', year: 2013, kind: 'tv', poster: '', fallbackPoster: '' }]),
      [CREATE]: record(ok(created(), 201)),
    },
  },
  play: async () => {
    await userEvent.type(await screen.findByLabelText('Аниме'), 'Атака');
    await userEvent.click(await screen.findByRole('button', { name: /Атака титанов/ }));
    await expect(screen.getByText('Выбрано из каталога: «Атака титанов»')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Комментарий/), 'Хочу озвучку');
    await userEvent.click(screen.getByRole('button', { name: 'Заказать' }));
    await expect(await screen.findByText(ORDER_MESSAGES.created)).toBeInTheDocument();
    await expect(seen.at(-1)?.body).toEqual({ animeId: 16498, note: 'Хочу озвучку' });
  },
};

/** A typed name; the desk answers that an open request exists and the vote went to it. */
export const DuplicateNotice: Story = {
  parameters: { mockApi: { [CREATE]: record(ok(created({ outcome: 'voted', message: ORDER_MESSAGES.duplicate, duplicateOf: orderId(1) }), 201)) } },
  play: async () => {
    await userEvent.type(await screen.findByLabelText('Аниме'), 'Тетрадь смерти');
    await userEvent.click(screen.getByRole('button', { name: 'Заказать' }));
    await expect(await screen.findByText('Такой заказ уже есть — ваш голос учтён')).toBeInTheDocument();
    await expect(seen.at(-1)?.body).toEqual({ title: 'Тетрадь смерти', note: '' });
  },
};

/** The title already has episodes: a link to watch it instead of a request. */
export const AlreadyAvailable: Story = {
  parameters: {
    mockApi: {
      [CREATE]: ok(
        created({ outcome: 'available', message: ORDER_MESSAGES.available, order: null, available: { animeId: 20, title: 'Наруто', url: '/anime/20' } }),
        201,
      ),
    },
  },
  play: async () => {
    await userEvent.type(await screen.findByLabelText('Аниме'), 'Наруто');
    await userEvent.click(screen.getByRole('button', { name: 'Заказать' }));
    await expect(await screen.findByText(ORDER_MESSAGES.available)).toBeInTheDocument();
    await expect(screen.getByRole('link', { name: 'Смотреть «Наруто»' })).toHaveAttribute('href', '/anime/20');
  },
};

export const LimitReached: Story = {
  parameters: {
    mockApi: { [CREATE]: fail(400, ErrorCode.ValidationFailed, ORDER_MESSAGES.openLimit, [{ field: 'orders', message: ORDER_MESSAGES.openLimit }]) },
  },
  play: async () => {
    await userEvent.type(await screen.findByLabelText('Аниме'), 'Ещё одно аниме');
    await userEvent.click(screen.getByRole('button', { name: 'Заказать' }));
    await expect(await screen.findByRole('alert')).toHaveTextContent(ORDER_MESSAGES.openLimit);
  },
};

export const TitleMissing: Story = {
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Заказать' }));
    await expect(await screen.findByRole('alert')).toHaveTextContent('Выберите аниме из каталога или введите название');
  },
};

export const Submitting: Story = {
  parameters: { mockApi: { [CREATE]: { hang: true } } },
  play: async () => {
    await userEvent.type(await screen.findByLabelText('Аниме'), 'Что-нибудь');
    await userEvent.click(screen.getByRole('button', { name: 'Заказать' }));
    await expect(await screen.findByRole('button', { name: 'Отправляем...' })).toBeDisabled();
  },
};

/** Admins get the next step of each open request; released and rejected ones have none. */
export const AdminControls: Story = {
  parameters: { session: adminSession, mockApi: { [STATUS]: record(ok(makeOrder({ status: 'accepted' }))) } },
  play: async () => {
    await list();
    const first = screen.getByRole('group', { name: 'Статус заказа «Тетрадь смерти»' });
    await expect(within(first).getByRole('button', { name: '→ Принят' })).toBeInTheDocument();
    await expect(screen.getByRole('group', { name: 'Статус заказа «Редкое OVA 1987»' })).toBeInTheDocument();
    await expect(screen.queryByRole('group', { name: 'Статус заказа «Наруто»' })).not.toBeInTheDocument();
    await userEvent.click(within(first).getByRole('button', { name: '→ Принят' }));
    await waitFor(() => expect(seen.at(-1)?.body).toEqual({ status: 'accepted' }));
    await expect(await screen.findByText('Статус изменён: Принят')).toBeInTheDocument();
  },
};

/** A request without a catalogue title is released as a title picked by search; picking another replaces it. */
export const ReleaseAsCatalogueTitle: Story = {
  parameters: {
    session: adminSession,
    mockApi: {
      [LIST]: ok(orderPage([makeOrder({ id: orderId(2), animeId: null, title: 'Редкое OVA 1987', note: '', status: 'in_progress' })])),
      [SUGGEST]: ok(SUGGESTIONS),
      [STATUS_OVA]: record(ok(makeOrder({ id: orderId(2), animeId: SUGGESTIONS[1].id, title: 'Редкое OVA 1987', status: 'released' }))),
    },
  },
  play: async () => {
    await list();
    const controls = within(screen.getByRole('group', { name: 'Статус заказа «Редкое OVA 1987»' }));
    await userEvent.type(controls.getByLabelText('Добавить аниме'), 'OVA');
    await userEvent.click(await controls.findByRole('button', { name: `Добавить «${SUGGESTIONS[0].title}»` }, { timeout: 5000 }));
    await userEvent.click(controls.getByRole('button', { name: `Добавить «${SUGGESTIONS[1].title}»` }));
    const chosen = within(controls.getByRole('list', { name: 'Вышло в каталоге как' }));
    await expect(chosen.getAllByRole('listitem')).toHaveLength(1);
    await expect(chosen.getByText(SUGGESTIONS[1].title)).toBeInTheDocument();
    await userEvent.click(controls.getByRole('button', { name: '→ Вышел' }));
    await waitFor(() => expect(seen.at(-1)?.body).toEqual({ status: 'released', animeId: SUGGESTIONS[1].id }));
  },
};

/** The reject dialog: a reason is required, then sent. */
export const RejectDialogFlow: Story = {
  parameters: { session: adminSession, mockApi: { [STATUS]: record(ok(makeOrder({ status: 'rejected', rejectionReason: 'Нет лицензии' }))) } },
  play: async () => {
    await list();
    await userEvent.click(within(screen.getByRole('group', { name: 'Статус заказа «Тетрадь смерти»' })).getByRole('button', { name: 'Отклонить' }));
    const dialog = await screen.findByRole('dialog', { name: 'Отклонить заказ' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Отклонить заказ' }));
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent('Укажите причину отказа');
    await expect(seen).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText('Причина'), 'Нет лицензии');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Отклонить заказ' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(seen.at(-1)?.body).toEqual({ status: 'rejected', reason: 'Нет лицензии' });
  },
};

export const RejectPending: Story = {
  parameters: { session: adminSession, mockApi: { [STATUS]: { hang: true } } },
  play: async () => {
    await list();
    await userEvent.click(within(screen.getByRole('group', { name: 'Статус заказа «Тетрадь смерти»' })).getByRole('button', { name: 'Отклонить' }));
    const dialog = await screen.findByRole('dialog', { name: 'Отклонить заказ' });
    await userEvent.type(within(dialog).getByLabelText('Причина'), 'Дубль');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Отклонить заказ' }));
    await expect(await within(dialog).findByRole('button', { name: 'Отклоняем...' })).toBeDisabled();
  },
};

/** The server refuses (another admin moved it first): the dialog stays open with the message. */
export const RejectRefused: Story = {
  parameters: { session: adminSession, mockApi: { [STATUS]: fail(409, ErrorCode.Conflict, ORDER_MESSAGES.transition) } },
  play: async () => {
    await list();
    await userEvent.click(within(screen.getByRole('group', { name: 'Статус заказа «Тетрадь смерти»' })).getByRole('button', { name: 'Отклонить' }));
    const dialog = await screen.findByRole('dialog', { name: 'Отклонить заказ' });
    await userEvent.type(within(dialog).getByLabelText('Причина'), 'Дубль');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Отклонить заказ' }));
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent(ORDER_MESSAGES.transition);
  },
};
