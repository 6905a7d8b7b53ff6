import { QUIZ_QUESTIONS_MAX, type QuizEditable } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { errorMessage, isApiError } from '../../../shared/api/api-error';
import { useSession } from '../../../shared/session/session-context';
import { AnimePicker } from '../../../shared/ui/AnimePicker';
import { Button } from '../../../shared/ui/Button';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { FieldMessage } from '../../../shared/ui/FieldMessage';
import { ListState } from '../../../shared/ui/ListState';
import { TextField } from '../../../shared/ui/TextField';
import { editableQuizQuery } from '../api/quiz-api';
import { useDeleteQuiz, useSaveQuiz } from '../hooks/useQuizMutations';
import { checkDraft, draftFromQuiz, emptyDraft, emptyQuestion, serverErrors, type DraftErrors, type QuizDraft } from '../lib/quiz-draft';
import { QUIZ_STRINGS } from '../strings';
import { QuestionEditor } from './QuestionEditor';
import { QuizImageField } from './QuizImageField';
import '../quiz.css';

const S = QUIZ_STRINGS.editor;

function DeleteQuiz({ quiz }: { quiz: QuizEditable }) {
  const navigate = useNavigate();
  const remove = useDeleteQuiz();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="ghost" onClick={() => setOpen(true)}>
        {S.delete}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) remove.reset();
        }}
        onConfirm={() => remove.mutate(quiz.id, { onSuccess: () => navigate('/quiz?tab=mine') })}
        title={S.deleteDialog.title}
        description={S.deleteDialog.description(quiz.title)}
        confirmLabel={S.deleteDialog.confirm}
        pendingLabel={S.deleteDialog.pending}
        pending={remove.isPending}
        error={remove.error ? errorMessage(remove.error) : null}
      />
    </>
  );
}

/** The form: quiz fields, then the questions; checked here with the server's rules before it is sent. */
export function QuizEditorForm({ quiz }: { quiz?: QuizEditable }) {
  const navigate = useNavigate();
  const save = useSaveQuiz(quiz?.id);
  const [draft, setDraft] = useState<QuizDraft>(() => (quiz ? draftFromQuiz(quiz) : emptyDraft()));
  const [localErrors, setLocalErrors] = useState<DraftErrors>({});
  const errors: DraftErrors = { ...serverErrors(save.error), ...localErrors };
  const formError = save.error && Object.keys(serverErrors(save.error)).length === 0 ? `${S.saveFailed}: ${errorMessage(save.error)}` : null;
  const hasErrors = Object.keys(errors).length > 0;
  const busy = save.isPending;
  const change = (patch: Partial<QuizDraft>) => setDraft((current) => ({ ...current, ...patch }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkDraft(draft);
    setLocalErrors(checked.errors ?? {});
    if (!checked.quiz) return;
    save.mutate(checked.quiz, { onSuccess: () => navigate('/quiz?tab=mine') });
  };

  return (
    <form className="quiz-editor" onSubmit={submit} noValidate aria-busy={busy}>
      <TextField label={S.titleLabel} value={draft.title} disabled={busy} message={errors.title} onChange={(event) => change({ title: event.target.value })} />
      <div className="field">
        <label className="field__label" htmlFor="quiz-description">
          {S.descriptionLabel}
        </label>
        <textarea
          id="quiz-description"
          className="field__input"
          rows={3}
          value={draft.description}
          disabled={busy}
          aria-invalid={Boolean(errors.description) || undefined}
          onChange={(event) => change({ description: event.target.value })}
        />
        <FieldMessage message={errors.description} />
      </div>
      <QuizImageField label={S.coverLabel} value={draft.cover} disabled={busy} error={errors.cover} onChange={(cover) => change({ cover })} />
      <AnimePicker selected={draft.anime} onChange={(anime) => change({ anime })} selectedLabel={S.linkedTitles} error={errors.animeIds} disabled={busy} />
      <TextField
        label={S.timeLimitLabel}
        value={draft.timeLimit}
        disabled={busy}
        inputMode="numeric"
        message={errors.timeLimitSeconds}
        onChange={(event) => change({ timeLimit: event.target.value.replace(/\D/g, '') })}
      />
      <h2>{S.questionsLabel}</h2>
      <FieldMessage message={errors.questions} />
      {draft.questions.map((question, index) => (
        <QuestionEditor
          key={question.key}
          question={question}
          index={index}
          count={draft.questions.length}
          errors={errors}
          disabled={busy}
          onChange={(next) => change({ questions: draft.questions.map((current, at) => (at === index ? next : current)) })}
          onRemove={() => change({ questions: draft.questions.filter((_, at) => at !== index) })}
        />
      ))}
      <Button
        variant="secondary"
        disabled={busy || draft.questions.length >= QUIZ_QUESTIONS_MAX}
        onClick={() => change({ questions: [...draft.questions, emptyQuestion()] })}
      >
        {S.addQuestion}
      </Button>
      {hasErrors && !formError ? <p className="field__message field__message--error">{S.fixErrors}</p> : null}
      <FieldMessage message={formError} />
      <div className="quiz-editor__actions">
        <Button type="submit" disabled={busy}>
          {busy ? S.saving : S.save}
        </Button>
        <Link to="/quiz?tab=mine">{S.cancel}</Link>
        {quiz ? <DeleteQuiz quiz={quiz} /> : null}
      </div>
    </form>
  );
}

/** /quiz/new and /quiz/:id/edit (its author or an admin). */
export default function QuizEditorPage() {
  const { id } = useParams();
  const { status: session } = useSession();
  const editable = useQuery({ ...editableQuizQuery(id ?? ''), enabled: Boolean(id) && session === 'authenticated' });
  let body;
  if (session === 'anonymous') body = <Link to="/login">{S.signIn}</Link>;
  else if (!id) body = <QuizEditorForm />;
  else if (editable.isPending) body = <ListState kind="loading" label={S.loading} />;
  else if (editable.isError) {
    const retry = isApiError(editable.error) && (editable.error.status === 404 || editable.error.status === 403) ? undefined : () => void editable.refetch();
    body = retry ? (
      <ListState kind="error" title={S.loadError} message={errorMessage(editable.error)} onRetry={retry} />
    ) : (
      <FieldMessage message={errorMessage(editable.error)} />
    );
  } else body = <QuizEditorForm key={editable.data.id} quiz={editable.data} />;
  return (
    <section className="quiz-page">
      <h1>{id ? S.editTitle : S.newTitle}</h1>
      <p className="muted">{S.lead}</p>
      {body}
    </section>
  );
}
