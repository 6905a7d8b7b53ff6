import { NEWS_STATUSES, type NewsItem, type NewsStatus } from '@portal/contracts';
import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { errorMessage, formFieldErrors } from '../../../shared/api/api-error';
import { AnimePicker, type AnimePick } from '../../../shared/ui/AnimePicker';
import { Button } from '../../../shared/ui/Button';
import { FieldMessage } from '../../../shared/ui/FieldMessage';
import { notify } from '../../../shared/ui/notify';
import { TextField } from '../../../shared/ui/TextField';
import { createNews, newsKeys, type NewsDraft, updateNews, uploadNewsCover } from '../api/news-api';
import { NEWS_STRINGS } from '../strings';
import { NewsCover } from './NewsCover';

const S = NEWS_STRINGS.editor;
const FIELDS = ['title', 'slug', 'summary', 'body', 'tags', 'animeIds', 'cover', 'status', 'publishedAt'] as const;

/** "2026-05-01T10:30" in the browser's zone for <input type="datetime-local">, from an ISO time. */
const toLocalInput = (iso: string) => {
  const date = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
};

function Toolbar({ editor }: { editor: Editor }) {
  const button = (label: string, active: boolean, run: () => void) => (
    <button type="button" className={active ? 'news-toolbar__button is-active' : 'news-toolbar__button'} aria-pressed={active} onClick={run}>
      {label}
    </button>
  );
  const chain = () => editor.chain().focus();
  return (
    <div className="news-toolbar" role="toolbar" aria-label={S.toolbar}>
      {button(S.bold, editor.isActive('bold'), () => chain().toggleBold().run())}
      {button(S.italic, editor.isActive('italic'), () => chain().toggleItalic().run())}
      {button(S.heading, editor.isActive('heading', { level: 2 }), () => chain().toggleHeading({ level: 2 }).run())}
      {button(S.bulletList, editor.isActive('bulletList'), () => chain().toggleBulletList().run())}
      {button(S.orderedList, editor.isActive('orderedList'), () => chain().toggleOrderedList().run())}
      {button(S.quote, editor.isActive('blockquote'), () => chain().toggleBlockquote().run())}
      {button(S.link, editor.isActive('link'), () => {
        const href = window.prompt(S.linkPrompt, (editor.getAttributes('link').href as string | undefined) ?? 'https://');
        if (href === null) return;
        if (href === '') chain().unsetLink().run();
        else chain().extendMarkRange('link').setLink({ href }).run();
      })}
      {button(S.image, false, () => {
        const src = window.prompt(S.imagePrompt, '/uploads/');
        if (src) chain().setImage({ src }).run();
      })}
    </div>
  );
}

export interface NewsEditorProps {
  /** The item to edit; absent: a new one. */
  item?: NewsItem;
  onDone(saved: NewsItem | null): void;
}

/**
 * The admin's editor (Tiptap): title, address, summary, the body as rich text, tags, linked titles,
 * the publication date, the cover and draft/publish. Loaded lazily: it never enters the main chunk.
 * Whatever the editor allows, the server sanitises the body again on save.
 */
export default function NewsEditor({ item, onDone }: NewsEditorProps) {
  const client = useQueryClient();
  const [title, setTitle] = useState(item?.title ?? '');
  const [slug, setSlug] = useState(item?.slug ?? '');
  const [summary, setSummary] = useState(item?.summary ?? '');
  const [tags, setTags] = useState(item?.tags.join(', ') ?? '');
  const [anime, setAnime] = useState<AnimePick[]>(item?.anime ?? []);
  const [publishedAt, setPublishedAt] = useState(item ? toLocalInput(item.publishedAt) : '');
  const [status, setStatus] = useState<NewsStatus>(item?.status ?? 'draft');
  const [cover, setCover] = useState(item?.cover ?? null);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        code: false,
        codeBlock: false,
        horizontalRule: false,
        strike: false,
        underline: false,
        link: { openOnClick: false, protocols: ['http', 'https'], HTMLAttributes: { rel: 'noopener noreferrer nofollow', target: '_blank' } },
      }),
      Image,
    ],
    content: item?.body ?? '',
    immediatelyRender: true,
    editorProps: { attributes: { 'aria-label': S.body, role: 'textbox', 'aria-multiline': 'true', class: 'news-editor__body' } },
  });
  const upload = useMutation({ mutationFn: (file: File) => uploadNewsCover(file, file.name), onSuccess: (uploaded) => setCover(uploaded) });
  const save = useMutation({
    mutationFn: (draft: NewsDraft) => (item ? updateNews(item.id, draft) : createNews(draft)),
    onSuccess: (saved) => {
      void client.invalidateQueries({ queryKey: newsKeys.all });
      notify.success(S.saved, saved.title);
      onDone(saved);
    },
  });
  const errors = formFieldErrors(save.error, FIELDS);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({
      title,
      ...(slug.trim() ? { slug: slug.trim() } : {}),
      summary,
      body: editor?.getHTML() ?? '',
      tags: tags
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean),
      animeIds: anime.map((title) => title.id),
      cover: cover ? { id: cover.id, widths: cover.widths } : null,
      status,
      ...(publishedAt ? { publishedAt: new Date(publishedAt).toISOString() } : {}),
    });
  };

  return (
    <form className="news-editor" onSubmit={submit} noValidate>
      <TextField label={S.title} value={title} onChange={(event) => setTitle(event.target.value)} message={errors.fields.title} required />
      <TextField
        label={S.slug}
        value={slug}
        onChange={(event) => setSlug(event.target.value)}
        message={errors.fields.slug ?? S.slugHint}
        messageTone={errors.fields.slug ? 'error' : 'info'}
      />
      <TextField label={S.summary} value={summary} onChange={(event) => setSummary(event.target.value)} message={errors.fields.summary} />
      <div className="news-editor__field">
        <span className="news-editor__label" id="news-body-label">
          {S.body}
        </span>
        {editor ? <Toolbar editor={editor} /> : null}
        <EditorContent editor={editor} aria-labelledby="news-body-label" />
        <FieldMessage message={errors.fields.body ?? null} />
      </div>
      <TextField label={S.tags} value={tags} onChange={(event) => setTags(event.target.value)} message={errors.fields.tags} />
      <AnimePicker selected={anime} onChange={setAnime} selectedLabel={S.linkedTitles} error={errors.fields.animeIds} disabled={save.isPending} />
      <TextField
        label={S.publishedAt}
        type="datetime-local"
        value={publishedAt}
        onChange={(event) => setPublishedAt(event.target.value)}
        message={errors.fields.publishedAt}
      />
      <div className="news-editor__field">
        <span className="news-editor__label">{S.cover}</span>
        {cover ? (
          <div className="news-editor__cover">
            <NewsCover cover={cover} alt={S.coverAlt} sizes="320px" />
            <Button variant="ghost" size="small" onClick={() => setCover(null)}>
              {S.coverRemove}
            </Button>
          </div>
        ) : null}
        <label className="news-editor__upload">
          {upload.isPending ? S.coverUploading : S.coverPick}
          <input
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif"
            disabled={upload.isPending}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) upload.mutate(file);
              event.target.value = '';
            }}
          />
        </label>
        <FieldMessage message={upload.error ? errorMessage(upload.error) : (errors.fields.cover ?? null)} />
      </div>
      <fieldset className="news-editor__status">
        <legend>{S.status}</legend>
        {NEWS_STATUSES.map((value) => (
          <label key={value}>
            <input type="radio" name="news-status" value={value} checked={status === value} onChange={() => setStatus(value)} />{' '}
            {value === 'draft' ? S.draft : S.published}
          </label>
        ))}
      </fieldset>
      <FieldMessage message={errors.form} />
      <div className="news-editor__actions">
        <Button variant="secondary" onClick={() => onDone(null)} disabled={save.isPending}>
          {S.cancel}
        </Button>
        <Button type="submit" disabled={save.isPending || upload.isPending}>
          {save.isPending ? S.saving : S.save}
        </Button>
      </div>
    </form>
  );
}
