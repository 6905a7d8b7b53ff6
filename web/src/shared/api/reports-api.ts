import type { ReportCreated, ReportReason, ReportTarget } from '@portal/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from './http-client';

/** What a user says about a target (docs/api.md, «Reports»). */
export interface ReportDraft {
  target: ReportTarget;
  reason: ReportReason;
  text: string;
}

export const REPORTS_PATH = '/reports';

export const sendReport = ({ target, reason, text }: ReportDraft) =>
  apiRequest<ReportCreated>(REPORTS_PATH, { method: 'POST', body: { target, reason, ...(text ? { text } : {}) } });

/** Any feature's «Пожаловаться»: the dialog's sending, sent and refused states come from this. */
export const useSendReport = () => useMutation({ mutationFn: sendReport });
