import type { ReportReason, ReportTarget } from '@portal/contracts';
import { useMutation } from '@tanstack/react-query';
import { operationsOf } from './operations-client';

/** What a user says about a target (docs/api.md, «Reports»). */
export interface ReportDraft {
  target: ReportTarget;
  reason: ReportReason;
  text: string;
}

const reports = operationsOf('reports');

export const sendReport = ({ target, reason, text }: ReportDraft) => reports.create({ target, reason, ...(text ? { text } : {}) });

/** Any feature's «Пожаловаться»: the dialog's sending, sent and refused states come from this. */
export const useSendReport = () => useMutation({ mutationFn: sendReport });
