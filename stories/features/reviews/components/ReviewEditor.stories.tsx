import { ErrorCode, REVIEW_MESSAGES } from '@portal/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { ReviewEditor } from '../../../../web/src/features/reviews/components/ReviewEditor';
import { longText, makeReview } from '../../../../web/src/features/reviews/testing/review-fixtures';
import { fail, ok, userSession } from '../../../support/fixtures';
import { me, recording, seen } from '../reviews-story-helpers';

const POST = 'POST /api/reviews';
const DRAFT_KEY = 'review-draft:1';
const TEXT = longText(3);

const meta = {
  title: 'features/reviews/components/ReviewEditor',
  component: ReviewEditor,
  args: { animeId: 1, open: true, onOpenChange: fn(), onSaved: fn() },
  parameters: { session: userSession },
  beforeEach: () => {
    seen.requests = [];
  },
} satisfies Meta<typeof ReviewEditor>;

export default meta;
type Story = StoryObj<typeof meta>;

const dialog = async () => within(await screen.findByRole('dialog', { name: 'Новая рецензия' }));
const storedDraft = () => JSON.parse(window.localStorage.getItem(DRAFT_KEY) ?? 'null') as { title: string; score: number | null; text: string } | null;

async function fillValid(view: Awaited<ReturnType<typeof dialog>>) {
  await userEvent.type(view.getByRole('textbox', { name: 'Заголовок (необязательно)' }), 'Заголовок');
  await userEvent.selectOptions(view.getByRole('combobox', { name: 'Оценка' }), '8');
  await userEvent.click(view.getByRole('textbox', { name: 'Текст рецензии' }));
  await userEvent.paste(TEXT);
}

export const EmptyForm: Story = {
  play: async () => {
    const view = await dialog();
    await expect(view.getByText('Ещё 500 символов до минимума (500)')).toBeInTheDocument();
    await expect(view.getByText('0 / 20000')).toBeInTheDocument();
    await expect(view.getByRole('combobox', { name: 'Оценка' })).toHaveValue('');
    await expect(view.getByRole('button', { name: 'Отправить на модерацию' })).toBeDisabled();
    await expect(view.queryByText('Восстановлен несохранённый черновик')).not.toBeInTheDocument();
  },
};

/** A draft left on this title is back, and says so; «Очистить черновик» empties the form and the storage. */
export const DraftRestored: Story = {
  beforeEach: () => {
    window.localStorage.setItem(DRAFT_KEY, JSON.stringify({ title: 'Черновик', score: 7, text: TEXT }));
  },
  play: async () => {
    const view = await dialog();
    await expect(view.getByRole('status')).toHaveTextContent('Восстановлен несохранённый черновик');
    await expect(view.getByRole('textbox', { name: 'Заголовок (необязательно)' })).toHaveValue('Черновик');
    await expect(view.getByRole('combobox', { name: 'Оценка' })).toHaveValue('7');
    await expect(view.getByRole('textbox', { name: 'Текст рецензии' })).toHaveValue(TEXT);
    await expect(view.getByText('Длина в норме')).toBeInTheDocument();
    await expect(view.getByRole('button', { name: 'Отправить на модерацию' })).toBeEnabled();
    await userEvent.click(view.getByRole('button', { name: 'Очистить черновик' }));
    await expect(view.getByRole('textbox', { name: 'Текст рецензии' })).toHaveValue('');
    await expect(storedDraft()).toBeNull();
  },
};

/** The live count against the rule; what is typed is kept as a draft at once. */
export const TooShort: Story = {
  play: async () => {
    const view = await dialog();
    await userEvent.selectOptions(view.getByRole('combobox', { name: 'Оценка' }), '5');
    await userEvent.click(view.getByRole('textbox', { name: 'Текст рецензии' }));
    await userEvent.paste('  Коротко  ');
    await expect(view.getByText('Ещё 493 символа до минимума (500)')).toBeInTheDocument();
    await expect(view.getByText('7 / 20000')).toBeInTheDocument();
    await expect(view.getByRole('button', { name: 'Отправить на модерацию' })).toBeDisabled();
    await waitFor(() => expect(storedDraft()).toEqual({ title: '', score: 5, text: '  Коротко  ' }));
  },
};

export const TooLong: Story = {
  beforeEach: () => {
    window.localStorage.setItem(DRAFT_KEY, JSON.stringify({ title: '', score: 7, text: 'я'.repeat(20_002) }));
  },
  play: async () => {
    const view = await dialog();
    await expect(view.getByText('Превышен лимит на 2 символа (не больше 20000)')).toBeInTheDocument();
    await expect(view.getByRole('button', { name: 'Отправить на модерацию' })).toBeDisabled();
  },
};

/** The server's field messages under their fields. */
export const ServerError: Story = {
  parameters: {
    mockApi: {
      [POST]: fail(400, ErrorCode.ValidationFailed, 'Ошибка валидации', [
        { field: 'text', message: REVIEW_MESSAGES.nul },
        { field: 'title', message: REVIEW_MESSAGES.title },
      ]),
    },
  },
  play: async () => {
    const view = await dialog();
    await fillValid(view);
    await userEvent.click(view.getByRole('button', { name: 'Отправить на модерацию' }));
    await expect(await view.findByText(REVIEW_MESSAGES.nul)).toBeInTheDocument();
    await expect(view.getByText(REVIEW_MESSAGES.title)).toBeInTheDocument();
    await expect(view.getByRole('textbox', { name: 'Текст рецензии' })).toHaveAttribute('aria-invalid', 'true');
    // Nothing lost: the draft is still there.
    await expect(storedDraft()?.text).toBe(TEXT);
  },
};

/** One review per title: the 409's message above the button. */
export const AlreadyWritten: Story = {
  parameters: { mockApi: { [POST]: fail(409, ErrorCode.Conflict, REVIEW_MESSAGES.duplicate) } },
  play: async () => {
    const view = await dialog();
    await fillValid(view);
    await userEvent.click(view.getByRole('button', { name: 'Отправить на модерацию' }));
    await expect(await view.findByRole('alert')).toHaveTextContent('Вы уже написали рецензию на это аниме');
  },
};

/** Sent: the body as the API takes it, the draft cleared, the dialog closed, a toast about moderation. */
export const Sent: Story = {
  parameters: {
    mockApi: {
      [POST]: recording((request) => ok({ ...makeReview({ author: me, mine: true, status: 'pending', ...(request.body as object) }), cardReward: null }, 201)),
    },
  },
  play: async ({ args }) => {
    const view = await dialog();
    await fillValid(view);
    await waitFor(() => expect(storedDraft()?.score).toBe(8));
    await userEvent.click(view.getByRole('button', { name: 'Отправить на модерацию' }));
    await waitFor(() => expect(args.onSaved).toHaveBeenCalledTimes(1));
    await expect(seen.requests[0]!.body).toEqual({ animeId: 1, title: 'Заголовок', text: TEXT, score: 8 });
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
    await expect(storedDraft()).toBeNull();
    await expect(await screen.findByText('Рецензия отправлена на модерацию')).toBeInTheDocument();
  },
};
