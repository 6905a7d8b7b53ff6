import type { ListImportReport } from '@portal/contracts';
import { useId } from 'react';
import { reportCounts, reportSummary, skippedLines } from '../lib/import-report';
import { SETTINGS_STRINGS } from '../strings';

const S = SETTINGS_STRINGS.lists;

/** What an import did: four counts, then every skipped entry with its line and reason. */
export function ImportReportView({ report }: { report: ListImportReport }) {
  const titleId = useId();
  const skipped = skippedLines(report);
  return (
    <section className="import-report" aria-labelledby={titleId}>
      <h4 id={titleId} className="import-report__title">
        {S.reportTitle}
      </h4>
      <p className="visually-hidden" role="status">
        {reportSummary(report)}
      </p>
      <dl className="import-report__counts">
        {reportCounts(report).map((item) => (
          <div key={item.key} className={`import-report__count import-report__count--${item.key}`}>
            <dt>{item.label}</dt>
            <dd>{item.count}</dd>
          </div>
        ))}
      </dl>
      {skipped.length > 0 ? (
        <>
          <h5 className="import-report__subtitle">{S.skippedTitle}</h5>
          <ul className="import-report__skipped" aria-label={S.skippedTitle}>
            {skipped.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
