import { useRef, type ReactNode } from 'react';
import { useSpatialNavigation } from '../hooks/useSpatialNavigation';
import { TV_STRINGS } from '../strings';
import '../tv.css';

export interface TvScreenProps {
  /** What Back does on this screen. */
  onBack(): void;
  /** Changes when the content arrives, so the first element can take the focus. */
  contentKey: unknown;
  children: ReactNode;
  /** The screen's heading for screen readers when its content has none of its own. */
  label?: string;
}

/** A 10-foot screen: large type, large focus rings, driven by the arrows, Enter and Back only. */
export function TvScreen({ onBack, contentKey, children, label }: TvScreenProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  useSpatialNavigation(rootRef, { onBack, contentKey });
  return (
    <div ref={rootRef} className="tv-screen" aria-label={label}>
      <header className="tv-screen__bar">
        <span className="tv-screen__brand">{TV_STRINGS.brand}</span>
        <span className="tv-screen__hint">{TV_STRINGS.hint}</span>
      </header>
      {children}
    </div>
  );
}
