import type { ReportTarget } from '@portal/contracts';
import { useState } from 'react';
import { useSendReport } from '../api/reports-api';
import { REPORT_STRINGS as S } from './report-strings';
import { ReportDialog } from './ReportDialog';
import './report-dialog.css';

/** «Пожаловаться» beside a comment, review, chat message, AMV or profile; the dialog opens on click. */
export function ReportButton({ target, className }: { target: ReportTarget; className?: string }) {
  const [open, setOpen] = useState(false);
  const report = useSendReport();
  const what = S.targets[target.type];
  return (
    <>
      <button type="button" className={['report-button', className].filter(Boolean).join(' ')} aria-label={S.actionLabel(what)} onClick={() => setOpen(true)}>
        {S.action}
      </button>
      <ReportDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) report.reset();
        }}
        what={what}
        pending={report.isPending}
        sent={report.isSuccess}
        error={report.error}
        onSubmit={({ reason, text }) => report.mutate({ target, reason, text })}
      />
    </>
  );
}
