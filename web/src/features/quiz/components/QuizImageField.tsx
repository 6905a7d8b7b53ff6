import type { QuizImageUpload } from '@portal/contracts';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { errorMessage } from '../../../shared/api/api-error';
import { Button } from '../../../shared/ui/Button';
import { FieldMessage } from '../../../shared/ui/FieldMessage';
import { uploadQuizImage } from '../api/quiz-api';
import { QUIZ_STRINGS } from '../strings';

const S = QUIZ_STRINGS.editor;

export interface QuizImageFieldProps {
  label: string;
  value: QuizImageUpload | null;
  onChange(image: QuizImageUpload | null): void;
  /** The server's message for this field, if it refused the saved quiz for it. */
  error?: string | null;
  disabled?: boolean;
}

/** A cover or a question's picture: uploaded at once (the server checks and resizes it), shown, removable. */
export function QuizImageField({ label, value, onChange, error, disabled }: QuizImageFieldProps) {
  const inputId = useId();
  const upload = useMutation({ mutationFn: (file: File) => uploadQuizImage(file, file.name), onSuccess: onChange });
  return (
    <div className="field quiz-image-field">
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      {value ? <img className="quiz-image-field__preview" src={value.url} alt={S.imageAlt} /> : null}
      <div className="quiz-image-field__row">
        <input
          id={inputId}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif"
          disabled={disabled || upload.isPending}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) upload.mutate(file);
            event.target.value = '';
          }}
        />
        {upload.isPending ? <span className="muted">{S.imageUploading}</span> : null}
        {value ? (
          <Button size="small" variant="ghost" disabled={disabled} onClick={() => onChange(null)}>
            {S.imageRemove}
          </Button>
        ) : null}
      </div>
      <FieldMessage message={upload.error ? errorMessage(upload.error) : (error ?? null)} />
    </div>
  );
}
