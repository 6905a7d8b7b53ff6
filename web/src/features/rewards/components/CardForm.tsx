import { CARD_RARITIES, type CardItem, type CardRarity } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { errorMessage } from '../../../shared/api/api-error';
import { Button } from '../../../shared/ui/Button';
import { FieldMessage } from '../../../shared/ui/FieldMessage';
import { TextField } from '../../../shared/ui/TextField';
import { createCard, rewardsKeys, updateCard, type CardDraft } from '../api/rewards-api';
import { ADMIN_CARDS_STRINGS, CARDS_STRINGS } from '../strings';

const S = ADMIN_CARDS_STRINGS;
export const CARD_FILE_ACCEPT = 'image/png,image/jpeg,image/webp,video/webm,.webm';

export interface CardFormProps {
  /** The card to edit; null: a new one (with its file). */
  card: CardItem | null;
  onSaved(card: CardItem, edited: boolean): void;
  onCancel(): void;
}

type Problems = Partial<Record<'title' | 'weight' | 'file', string>>;

/** Checks what the server would refuse anyway, so the admin sees it before the upload. */
export function cardFormProblems(draft: CardDraft, file: File | null, isNew: boolean): Problems {
  const problems: Problems = {};
  if (draft.title.trim() === '') problems.title = S.titleRequired;
  if (!Number.isInteger(draft.weight) || draft.weight < 1 || draft.weight > 1000) problems.weight = S.weightInvalid;
  if (isNew && !file) problems.file = S.fileRequired;
  return problems;
}

/** Adding a card (the file uploaded with its title, description, rarity and weight) or editing one's text and odds. */
export function CardForm({ card, onSaved, onCancel }: CardFormProps) {
  const client = useQueryClient();
  const ids = { description: useId(), rarity: useId(), file: useId() };
  const [draft, setDraft] = useState<CardDraft>(() =>
    card
      ? { title: card.title, description: card.description, rarity: card.rarity, weight: card.weight }
      : { title: '', description: '', rarity: 'common', weight: 10 },
  );
  const [file, setFile] = useState<File | null>(null);
  const [problems, setProblems] = useState<Problems>({});
  const save = useMutation({
    mutationFn: () => (card ? updateCard(card.id, { ...draft, title: draft.title.trim() }) : createCard({ ...draft, title: draft.title.trim() }, file!)),
    onSuccess: (saved) => {
      void client.invalidateQueries({ queryKey: rewardsKeys.all });
      onSaved(saved, card !== null);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = cardFormProblems(draft, file, card === null);
    setProblems(found);
    if (Object.keys(found).length === 0) save.mutate();
  };
  const busy = save.isPending;

  return (
    <form className="cards-admin__form" onSubmit={submit} noValidate aria-label={card ? S.editTitle(card.title) : S.addTitle}>
      <h3>{card ? S.editTitle(card.title) : S.addTitle}</h3>
      <TextField
        label={S.fieldTitle}
        value={draft.title}
        maxLength={80}
        onChange={(event) => setDraft({ ...draft, title: event.target.value })}
        message={problems.title}
      />
      <div className="field-select">
        <label htmlFor={ids.description}>{S.fieldDescription}</label>
        <textarea
          id={ids.description}
          rows={3}
          maxLength={500}
          value={draft.description}
          onChange={(event) => setDraft({ ...draft, description: event.target.value })}
        />
      </div>
      <div className="field-select">
        <label htmlFor={ids.rarity}>{S.fieldRarity}</label>
        <select id={ids.rarity} value={draft.rarity} onChange={(event) => setDraft({ ...draft, rarity: event.target.value as CardRarity })}>
          {CARD_RARITIES.map((rarity) => (
            <option key={rarity} value={rarity}>
              {CARDS_STRINGS.rarityName[rarity]}
            </option>
          ))}
        </select>
      </div>
      <TextField
        label={S.fieldWeight}
        type="number"
        min={1}
        max={1000}
        step={1}
        value={Number.isNaN(draft.weight) ? '' : String(draft.weight)}
        onChange={(event) => setDraft({ ...draft, weight: event.target.value === '' ? Number.NaN : Number(event.target.value) })}
        message={problems.weight ?? S.fieldWeightHint}
        messageTone={problems.weight ? 'error' : 'info'}
      />
      {card ? null : (
        <div className="field-select">
          <label htmlFor={ids.file}>{S.fieldFile}</label>
          <input id={ids.file} type="file" accept={CARD_FILE_ACCEPT} onChange={(event) => setFile(event.target.files?.[0] ?? null)} />
          <FieldMessage message={problems.file} />
        </div>
      )}
      <FieldMessage message={save.isError ? errorMessage(save.error) : null} />
      <div className="dialog__actions">
        {card ? (
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {S.cancel}
          </Button>
        ) : null}
        <Button type="submit" disabled={busy}>
          {card ? (busy ? S.saving : S.save) : busy ? S.adding : S.add}
        </Button>
      </div>
    </form>
  );
}
