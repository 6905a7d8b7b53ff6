import { useEffect, useEffectEvent, useState } from 'react';

/**
 * A text the user edits locally and that is committed `delayMs` after typing stops (or at once with
 * `commitNow`). When the committed value changes from outside (Back button, reset), the draft follows.
 */
export function useDraftValue(value: string, onCommit: (value: string) => void, delayMs = 500) {
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setDraft(value);
  }
  const commit = useEffectEvent((next: string) => {
    if (next !== value) onCommit(next);
  });

  useEffect(() => {
    if (draft === value) return;
    const timer = window.setTimeout(() => commit(draft), delayMs);
    return () => window.clearTimeout(timer);
  }, [draft, value, delayMs]);

  const commitNow = () => {
    if (draft !== value) onCommit(draft);
  };
  return { draft, setDraft, commitNow };
}
