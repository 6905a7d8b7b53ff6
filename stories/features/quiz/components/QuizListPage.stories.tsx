import { ErrorCode } from '@portal/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import QuizListPage from '../../../../web/src/features/quiz/components/QuizListPage';
import { myQuizzes, quizPage, sampleQuizzes } from '../../../../web/src/features/quiz/testing/quiz-fixtures';
import { fail, ok, userSession } from '../../../support/fixtures';
import { recording, seen } from '../quiz-story-helpers';

const LIST = 'GET /api/quiz';
const MINE = 'GET /api/quiz/mine';

const meta = {
  title: 'features/quiz/components/QuizListPage',
  component: QuizListPage,
  parameters: { route: '/quiz', session: userSession, mockApi: { [LIST]: recording(ok(quizPage(sampleQuizzes()))), [MINE]: ok(quizPage(myQuizzes())) } },
  beforeEach: () => {
    seen.requests = [];
  },
} satisfies Meta<typeof QuizListPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const list = (name = 'Квизы') => screen.findByRole('list', { name });
const titles = async (name?: string) =>
  within(await list(name))
    .getAllByRole('heading')
    .map((heading) => heading.textContent);

export const Loading: Story = {
  parameters: { mockApi: { [LIST]: { hang: true } } },
  play: async () => {
    await expect(await screen.findByText('Загрузка квизов...')).toBeInTheDocument();
  },
};

export const Empty: Story = {
  parameters: { mockApi: { [LIST]: ok(quizPage([])) } },
  play: async () => {
    await expect(await screen.findByText('Квизов пока нет — создайте первый!')).toBeInTheDocument();
  },
};

export const LoadError: Story = {
  parameters: { mockApi: { [LIST]: fail(503, ErrorCode.ServiceUnavailable, 'Сервис временно недоступен') } },
  play: async () => {
    await expect(await screen.findByText('Не удалось загрузить квизы')).toBeInTheDocument();
    await expect(screen.getByText('Сервис временно недоступен')).toBeInTheDocument();
    await expect(screen.getByRole('button', { name: 'Повторить' })).toBeInTheDocument();
  },
};

/** Popular first: each quiz links to its page, with its size, limit, players, titles and the caller's best. */
export const Popular: Story = {
  play: async () => {
    await expect(await titles()).toEqual(['Знаток «Тетради смерти»', 'Атака титанов: кто есть кто', 'Наруто для новичков']);
    const cards = within(await list()).getAllByRole('listitem');
    await expect(within(cards[0]).getByRole('link', { name: 'Знаток «Тетради смерти»' })).toHaveAttribute('href', '/quiz/00000000-0000-4000-a000-000000000001');
    await expect(within(cards[1]).getByText('3 вопроса · 2 мин · 5 игроков')).toBeInTheDocument();
    await expect(within(cards[2]).getByText('Ваш лучший результат: 9 из 10')).toBeInTheDocument();
    await expect(screen.getByRole('radio', { name: 'Популярные' })).toHaveAttribute('aria-checked', 'true');
    await expect(screen.getByRole('link', { name: 'Создать квиз' })).toHaveAttribute('href', '/quiz/new');
    await expect(seen.requests.at(-1)?.query.get('sort')).toBe('popular');
  },
};

/** «Новые» and «По названию» ask the server for that order. */
export const Sorted: Story = {
  play: async () => {
    await list();
    await userEvent.click(screen.getByRole('radio', { name: 'По названию' }));
    await waitFor(() => expect(seen.requests.at(-1)?.query.get('sort')).toBe('title'));
    await userEvent.click(screen.getByRole('radio', { name: 'Новые' }));
    await waitFor(() => expect(seen.requests.at(-1)?.query.get('sort')).toBe('new'));
    await expect(screen.getByRole('radio', { name: 'Новые' })).toHaveAttribute('aria-checked', 'true');
  },
};

/** A guest: no «Мои квизы», a sign-in link instead of «Создать квиз». */
export const SignedOut: Story = {
  parameters: { session: null },
  play: async () => {
    await list();
    await expect(screen.getByRole('link', { name: 'Войдите, чтобы создавать квизы и видеть свои результаты' })).toHaveAttribute('href', '/login');
    await expect(screen.queryByRole('radio', { name: 'Мои квизы' })).not.toBeInTheDocument();
  },
};

/** «Мои квизы»: every status with its badge, the reject reason, and a link to edit each. */
export const Mine: Story = {
  parameters: { route: '/quiz?tab=mine' },
  play: async () => {
    await expect(await titles('Мои квизы')).toEqual(['Мой новый квиз', 'Мой опубликованный квиз', 'Мой отклонённый квиз']);
    const cards = within(await list('Мои квизы')).getAllByRole('listitem');
    await expect(within(cards[0]).getByText('На модерации')).toBeInTheDocument();
    await expect(within(cards[1]).getByText('Опубликован')).toBeInTheDocument();
    await expect(within(cards[2]).getByText('Отклонён')).toBeInTheDocument();
    await expect(within(cards[2]).getByText('Причина отказа: В вопросе 2 неверный ответ')).toBeInTheDocument();
    await expect(within(cards[2]).getByRole('link', { name: 'Изменить квиз «Мой отклонённый квиз»' })).toHaveAttribute(
      'href',
      '/quiz/00000000-0000-4000-a000-000000000006/edit',
    );
  },
};

export const MineEmpty: Story = {
  parameters: { route: '/quiz?tab=mine', mockApi: { [MINE]: ok(quizPage([])) } },
  play: async () => {
    await expect(await screen.findByText('Вы ещё не создали ни одного квиза')).toBeInTheDocument();
  },
};

/** More than one page: the pager asks for the next one. */
export const Paged: Story = {
  parameters: { mockApi: { [LIST]: recording(ok(quizPage(sampleQuizzes(), 45))) } },
  play: async () => {
    await expect(await screen.findByText('Страница 1 из 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Дальше →' }));
    await waitFor(() => expect(seen.requests.at(-1)?.query.get('page')).toBe('2'));
  },
};
