/** The editor's unsent text, kept per title (and per review when editing) while the page is left. */
export interface ReviewDraft {
  title: string;
  score: number | null;
  text: string;
}

export const draftKey = (animeId: number, reviewId?: string) => `review-draft:${animeId}${reviewId ? `:${reviewId}` : ''}`;

export function loadDraft(key: string): ReviewDraft | null {
  try {
    const raw = window.localStorage.getItem(key);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<ReviewDraft>;
    if (typeof value.text !== 'string' || typeof value.title !== 'string') return null;
    const score = typeof value.score === 'number' && Number.isInteger(value.score) ? value.score : null;
    return { title: value.title, text: value.text, score };
  } catch {
    return null;
  }
}

export function saveDraft(key: string, draft: ReviewDraft): void {
  try {
    if (!draft.text.trim() && !draft.title.trim() && draft.score === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, JSON.stringify(draft));
  } catch {
    // Storage full or disabled: the draft simply is not kept.
  }
}

export function clearDraft(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing to clear.
  }
}
