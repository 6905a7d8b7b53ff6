import type { AmvItem } from '@portal/contracts';
import type { AnimePick } from '../../../shared/ui/AnimePicker';
import type { AmvDraft } from '../api/amv-api';

/** The admin form's values as typed; the video is a new file or link, or nothing (an edit keeps the current one). */
export interface AmvFormValues {
  title: string;
  author: string;
  duration: string;
  artist: string;
  track: string;
  tags: string;
  anime: AnimePick[];
  source: 'file' | 'link';
  url: string;
  file: File | null;
}

export type AmvFields = Omit<AmvDraft, 'video'>;

export const EMPTY_AMV_FORM: AmvFormValues = {
  title: '',
  author: '',
  duration: '',
  artist: '',
  track: '',
  tags: '',
  anime: [],
  source: 'file',
  url: '',
  file: null,
};

/** An AMV's values in the form, to edit it: an external player's link is shown as its embed address (the server accepts it back). */
export function amvFormOf(amv: AmvItem): AmvFormValues {
  return {
    title: amv.title,
    author: amv.author,
    duration: String(amv.durationSeconds),
    artist: amv.musicArtist ?? '',
    track: amv.musicTrack ?? '',
    tags: amv.tags.join(', '),
    anime: amv.anime,
    source: amv.video.kind === 'embed' ? 'link' : 'file',
    url: amv.video.kind === 'embed' ? amv.video.embedUrl : '',
    file: null,
  };
}

/** Everything but the video, as the API takes it. */
export function amvFields(form: AmvFormValues): AmvFields {
  return {
    title: form.title,
    author: form.author,
    durationSeconds: Number(form.duration),
    musicArtist: form.artist.trim() || null,
    musicTrack: form.track.trim() || null,
    tags: form.tags
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean),
    animeIds: form.anime.map((anime) => anime.id),
  };
}

/** The fields an edit changed (PUT /amv/:id takes only those). */
export function amvChanges(initial: AmvFormValues, form: AmvFormValues): Partial<AmvFields> {
  const before = amvFields(initial);
  const after = amvFields(form);
  const keys = Object.keys(after) as (keyof AmvFields)[];
  return Object.fromEntries(keys.filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key])).map((key) => [key, after[key]]));
}

/** The video to send: a picked file (to upload first), a new link, or null to keep what there is (or, when creating, none given). */
export function amvVideoChoice(form: AmvFormValues, initial: AmvFormValues = EMPTY_AMV_FORM): { file: File } | { url: string } | null {
  if (form.source === 'file') return form.file ? { file: form.file } : null;
  const url = form.url.trim();
  return url && url !== initial.url ? { url } : null;
}
