import { Fragment, useId, useState } from 'react';
import type { ReviewBlock, ReviewParagraph } from '../lib/review-markup';
import { REVIEWS_STRINGS } from '../strings';

const S = REVIEWS_STRINGS;

/** A paragraph's lines as text nodes with `<br>` between them: never HTML. */
function Paragraph({ paragraph }: { paragraph: ReviewParagraph }) {
  return (
    <p className="review-text__paragraph">
      {paragraph.lines.map((line, index) => (
        <Fragment key={index}>
          {index > 0 ? <br /> : null}
          {line}
        </Fragment>
      ))}
    </p>
  );
}

/** A spoiler, collapsed until «Показать спойлер»; its text is not in the page before that. */
function Spoiler({ paragraphs }: { paragraphs: ReviewParagraph[] }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className="review-spoiler" data-open={open || undefined}>
      <button type="button" className="review-spoiler__toggle" aria-expanded={open} aria-controls={id} onClick={() => setOpen((value) => !value)}>
        {open ? S.hideSpoiler : S.showSpoiler}
      </button>
      <div id={id} className="review-spoiler__body" role="region" aria-label={S.spoiler} hidden={!open}>
        {open ? paragraphs.map((paragraph, index) => <Paragraph key={index} paragraph={paragraph} />) : null}
      </div>
    </div>
  );
}

export function ReviewText({ blocks }: { blocks: ReviewBlock[] }) {
  return (
    <div className="review-text" dir="auto">
      {blocks.map((block, index) =>
        block.type === 'paragraph' ? <Paragraph key={index} paragraph={block} /> : <Spoiler key={index} paragraphs={block.paragraphs} />,
      )}
    </div>
  );
}
