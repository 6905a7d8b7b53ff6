/** A labelled bar of 0–100 % with its text beside it (the upload, a transcode). */
export function ProgressBar({ label, percent, text }: { label: string; percent: number; text: string }) {
  return (
    <div className="episodes-progress">
      <div
        className="episodes-progress__bar"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={text}
      >
        <span style={{ width: `${percent}%` }} />
      </div>
      <span className="episodes-progress__text">{text}</span>
    </div>
  );
}
