import { ErrorCode, QUIZ_MESSAGES } from '@portal/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import QuizEditorPage from '../../../../web/src/features/quiz/components/QuizEditorPage';
import { makeEditable, quizId } from '../../../../web/src/features/quiz/testing/quiz-fixtures';
import { fail, ok, userSession } from '../../../support/fixtures';
import { pageAtRoute } from '../../../support/page-at-route';
import { recording, seen } from '../quiz-story-helpers';

const ID = quizId(1);
const EDITABLE = `GET /api/quiz/${ID}/edit`;
const CREATE = 'POST /api/quiz';
const UPDATE = `PUT /api/quiz/${ID}`;
const DELETE = `DELETE /api/quiz/${ID}`;
const NewQuiz = pageAtRoute('/quiz/new', QuizEditorPage);
const EditQuiz = pageAtRoute('/quiz/:id/edit', QuizEditorPage);

const meta = {
  title: 'features/quiz/components/QuizEditorPage',
  component: NewQuiz,
  parameters: { route: '/quiz/new', session: userSession, mockApi: { [CREATE]: recording(ok(makeEditable(), 201)), [EDITABLE]: ok(makeEditable()) } },
  beforeEach: () => {
    seen.requests = [];
  },
} satisfies Meta<typeof NewQuiz>;

export default meta;
type Story = StoryObj<typeof meta>;

const editing = { render: () => <EditQuiz />, parameters: { route: `/quiz/${ID}/edit` } };
const save = () => userEvent.click(screen.getByRole('button', { name: 'Отправить на модерацию' }));
/** Fills the three empty questions of a new quiz: two options each, the first right. */
const fillQuestions = async () => {
  for (let index = 0; index < 3; index++) {
    const question = within(screen.getByRole('group', { name: `Вопрос ${index + 1}` }));
    await userEvent.type(question.getByRole('textbox', { name: 'Текст вопроса' }), `Вопрос номер ${index + 1}?`);
    await userEvent.type(question.getByRole('textbox', { name: 'Вариант 1' }), 'Да');
    await userEvent.type(question.getByRole('textbox', { name: 'Вариант 2' }), 'Нет');
    await userEvent.click(question.getByRole('checkbox', { name: 'Вариант 1 правильный' }));
  }
};

/** A new quiz: empty fields and three empty questions. */
export const Empty: Story = {
  play: async () => {
    await expect(await screen.findByRole('heading', { level: 1, name: 'Новый квиз' })).toBeInTheDocument();
    await expect(screen.getByRole('textbox', { name: 'Название' })).toHaveValue('');
    await expect(screen.getAllByRole('group', { name: /^Вопрос \d$/ })).toHaveLength(3);
    await expect(screen.queryByRole('button', { name: 'Удалить квиз' })).not.toBeInTheDocument();
  },
};

export const SignedOut: Story = {
  parameters: { session: null },
  play: async () => {
    await expect(await screen.findByRole('link', { name: 'Войдите, чтобы создать квиз' })).toHaveAttribute('href', '/login');
  },
};

/** Sent as is: the server's rules are checked first, in its words, under each field. */
export const FieldErrors: Story = {
  play: async () => {
    await userEvent.type(await screen.findByRole('textbox', { name: 'Название' }), 'ab');
    await userEvent.type(screen.getByRole('textbox', { name: /Ограничение времени/ }), '5');
    await save();
    await expect(await screen.findByText(QUIZ_MESSAGES.title)).toBeInTheDocument();
    await expect(screen.getByText(QUIZ_MESSAGES.timeLimit)).toBeInTheDocument();
    const first = within(screen.getByRole('group', { name: 'Вопрос 1' }));
    await expect(first.getByText(QUIZ_MESSAGES.questionText)).toBeInTheDocument();
    await expect(first.getByText(QUIZ_MESSAGES.correct)).toBeInTheDocument();
    await expect(first.getByRole('textbox', { name: 'Текст вопроса' })).toHaveAttribute('aria-invalid', 'true');
    await expect(screen.getByText('Исправьте ошибки в форме')).toBeInTheDocument();
    await expect(seen.requests).toHaveLength(0);
  },
};

/** What only the server knows (a linked title no longer in the catalogue) lands under its field too. */
export const ServerFieldError: Story = {
  ...editing,
  parameters: {
    ...editing.parameters,
    mockApi: {
      [EDITABLE]: ok(makeEditable()),
      [UPDATE]: fail(400, ErrorCode.ValidationFailed, QUIZ_MESSAGES.animeNotFound, [{ field: 'animeIds.0', message: QUIZ_MESSAGES.animeNotFound }]),
    },
  },
  play: async () => {
    await screen.findByRole('textbox', { name: 'Название' });
    await save();
    await expect(await screen.findByText(QUIZ_MESSAGES.animeNotFound)).toBeInTheDocument();
    await expect(screen.getByRole('list', { name: /Связанные аниме/ })).toHaveAccessibleDescription(QUIZ_MESSAGES.animeNotFound);
  },
};

export const Submitting: Story = {
  parameters: { mockApi: { [CREATE]: { hang: true } } },
  play: async () => {
    await userEvent.type(await screen.findByRole('textbox', { name: 'Название' }), 'Мой квиз');
    await fillQuestions();
    await save();
    await expect(await screen.findByRole('button', { name: 'Сохраняем...' })).toBeDisabled();
    await expect(screen.getByRole('textbox', { name: 'Название' })).toBeDisabled();
  },
};

/** A valid quiz goes to the server as the request it takes. */
export const Created: Story = {
  play: async () => {
    await userEvent.type(await screen.findByRole('textbox', { name: 'Название' }), '  Мой   квиз ');
    await userEvent.type(screen.getByRole('textbox', { name: /Ограничение времени/ }), '120');
    await fillQuestions();
    const second = within(screen.getByRole('group', { name: 'Вопрос 2' }));
    await userEvent.click(second.getByRole('button', { name: 'Добавить вариант' }));
    await userEvent.type(second.getByRole('textbox', { name: 'Вариант 3' }), 'Может быть');
    await userEvent.click(second.getByRole('checkbox', { name: 'Вариант 3 правильный' }));
    await save();
    await waitFor(() => expect(seen.requests).toHaveLength(1));
    await expect(seen.requests[0].body).toMatchObject({
      title: 'Мой квиз',
      timeLimitSeconds: 120,
      animeIds: [],
      cover: null,
      questions: [
        { text: 'Вопрос номер 1?', options: ['Да', 'Нет'], correct: [0], image: null },
        { text: 'Вопрос номер 2?', options: ['Да', 'Нет', 'Может быть'], correct: [0, 2], image: null },
        { text: 'Вопрос номер 3?', options: ['Да', 'Нет'], correct: [0], image: null },
      ],
    });
  },
};

/** Editing: the quiz with its answers, as its author wrote it. */
export const Filled: Story = {
  ...editing,
  play: async () => {
    await expect(await screen.findByRole('textbox', { name: 'Название' })).toHaveValue('Знаток «Тетради смерти»');
    const second = within(screen.getByRole('group', { name: 'Вопрос 2' }));
    await expect(second.getByRole('textbox', { name: 'Вариант 2' })).toHaveValue('Рэм');
    await expect(second.getByRole('checkbox', { name: 'Вариант 1 правильный' })).toBeChecked();
    await expect(second.getByRole('checkbox', { name: 'Вариант 3 правильный' })).not.toBeChecked();
    await expect(within(screen.getByRole('list', { name: /Связанные аниме/ })).getByText('Тетрадь смерти')).toBeInTheDocument();
  },
};

export const EditLoading: Story = {
  ...editing,
  parameters: { ...editing.parameters, mockApi: { [EDITABLE]: { hang: true } } },
  play: async () => {
    await expect(await screen.findByText('Загрузка квиза...')).toBeInTheDocument();
  },
};

/** Someone else's quiz: the server's refusal, nothing to edit. */
export const EditForbidden: Story = {
  ...editing,
  parameters: { ...editing.parameters, mockApi: { [EDITABLE]: fail(403, ErrorCode.Forbidden, QUIZ_MESSAGES.forbidden) } },
  play: async () => {
    await expect(await screen.findByText(QUIZ_MESSAGES.forbidden)).toBeInTheDocument();
    await expect(screen.queryByRole('textbox', { name: 'Название' })).not.toBeInTheDocument();
  },
};

export const Updated: Story = {
  ...editing,
  parameters: { ...editing.parameters, mockApi: { [EDITABLE]: ok(makeEditable()), [UPDATE]: recording(ok(makeEditable({ title: 'Новое название' }))) } },
  play: async () => {
    const title = await screen.findByRole('textbox', { name: 'Название' });
    await userEvent.clear(title);
    await userEvent.type(title, 'Новое название');
    await save();
    await waitFor(() => expect(seen.requests).toHaveLength(1));
    await expect(seen.requests[0]).toMatchObject({ method: 'PUT', body: { title: 'Новое название', animeIds: [1535] } });
  },
};

const openDelete = async () => {
  await userEvent.click(await screen.findByRole('button', { name: 'Удалить квиз' }));
  return within(await screen.findByRole('dialog', { name: 'Удалить квиз?' }));
};

export const DeleteConfirm: Story = {
  ...editing,
  play: async () => {
    const dialog = await openDelete();
    await expect(dialog.getByText(/Квиз «Знаток «Тетради смерти»» и все результаты/)).toBeInTheDocument();
    await expect(dialog.getByRole('button', { name: 'Удалить' })).toBeEnabled();
    await userEvent.click(dialog.getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  },
};

export const Deleting: Story = {
  ...editing,
  parameters: { ...editing.parameters, mockApi: { [EDITABLE]: ok(makeEditable()), [DELETE]: { hang: true } } },
  play: async () => {
    const dialog = await openDelete();
    await userEvent.click(dialog.getByRole('button', { name: 'Удалить' }));
    await expect(await dialog.findByRole('button', { name: 'Удаляем...' })).toBeDisabled();
  },
};

export const DeleteFailed: Story = {
  ...editing,
  parameters: { ...editing.parameters, mockApi: { [EDITABLE]: ok(makeEditable()), [DELETE]: fail(403, ErrorCode.Forbidden, QUIZ_MESSAGES.forbidden) } },
  play: async () => {
    const dialog = await openDelete();
    await userEvent.click(dialog.getByRole('button', { name: 'Удалить' }));
    await expect(await dialog.findByText(QUIZ_MESSAGES.forbidden)).toBeInTheDocument();
  },
};
