import { TextField } from '../../../../shared/ui/TextField';
import { ADMIN_STRINGS } from '../../admin-strings';
import type { AnimeEditDraft, AnimeEditErrors } from '../../lib/anime-edit-form';
import { KIND_OPTIONS, SEASON_OPTIONS, STATUS_OPTIONS } from '../../lib/labels';
import { CATALOGUE_STRINGS } from '../../strings';
import { GenrePicker } from '../GenrePicker';
import { SelectField } from '../SelectField';
import { TextAreaField } from '../TextAreaField';
import '../../catalogue.css';

const S = CATALOGUE_STRINGS.edit;
const F = S.fields;

export interface AnimeFormFieldsProps {
  draft: AnimeEditDraft;
  errors: AnimeEditErrors;
  onChange<K extends keyof AnimeEditDraft>(field: K, value: AnimeEditDraft[K]): void;
}

/** The fields of a title, shared by the edit and the create dialogs; each error shows under its field. */
export function AnimeFormFields({ draft, errors, onChange: set }: AnimeFormFieldsProps) {
  return (
    <>
      <div className="edit-form__grid">
        <TextField label={F.title} value={draft.title} onChange={(event) => set('title', event.target.value)} message={errors.title} required maxLength={300} />
        <TextField label={F.titleRu} value={draft.titleRu} onChange={(event) => set('titleRu', event.target.value)} message={errors.titleRu} maxLength={300} />
      </div>
      <TextAreaField
        label={F.description}
        value={draft.description}
        onChange={(event) => set('description', event.target.value)}
        message={errors.description}
        rows={6}
      />
      <div className="edit-form__grid">
        <SelectField
          label={F.kind}
          value={draft.kind}
          emptyLabel={S.none}
          options={KIND_OPTIONS}
          onValueChange={(value) => set('kind', value as AnimeEditDraft['kind'])}
          message={errors.kind}
        />
        <SelectField
          label={F.status}
          value={draft.status}
          options={STATUS_OPTIONS}
          onValueChange={(value) => set('status', value as AnimeEditDraft['status'])}
          message={errors.status}
        />
        <TextField
          label={F.episodes}
          type="number"
          inputMode="numeric"
          min={0}
          value={draft.episodes}
          onChange={(event) => set('episodes', event.target.value)}
          message={errors.episodes}
        />
        <TextField
          label={F.score}
          type="number"
          inputMode="decimal"
          min={0}
          max={10}
          step={0.01}
          value={draft.score}
          onChange={(event) => set('score', event.target.value)}
          message={errors.score}
        />
        <TextField
          label={F.year}
          type="number"
          inputMode="numeric"
          min={1900}
          max={2100}
          value={draft.year}
          onChange={(event) => set('year', event.target.value)}
          message={errors.year}
        />
        <SelectField
          label={F.season}
          value={draft.season}
          emptyLabel={S.none}
          options={SEASON_OPTIONS}
          onValueChange={(value) => set('season', value as AnimeEditDraft['season'])}
          message={errors.season}
        />
      </div>
      <GenrePicker legend={F.genres} value={draft.genres} onChange={(value) => set('genres', value)} message={errors.genres} />
      <div className="edit-form__grid">
        <TextField
          label={F.poster}
          type="url"
          inputMode="url"
          placeholder="https://"
          value={draft.poster}
          onChange={(event) => set('poster', event.target.value)}
          message={errors.poster}
        />
        <TextField
          label={ADMIN_STRINGS.fields.idShiki}
          type="number"
          inputMode="numeric"
          min={1}
          value={draft.idShiki}
          onChange={(event) => set('idShiki', event.target.value)}
          message={errors.idShiki}
        />
      </div>
    </>
  );
}
