import { BUSINESS_LIMITS, formatNumber } from '@keyhaven/shared/constants';

/** The words of the report dialog and the admins' queue that only the web shows. */
export const REPORT_TEXT = {
  report: 'Report this listing',
  reported: 'You reported this listing',
  dialogTitle: 'Report this listing',
  dialogDescription: (title: string) =>
    `Tell our admins what is wrong with ${title}. They look at every report.`,
  reasonLegend: 'Why are you reporting it?',
  noteLabel: 'Anything the admins should know (optional)',
  send: 'Send report',
  sending: 'Sending...',
  failed: 'Your report could not be sent. Please try again.',
} as const;

/** `12 / 1,000 characters` under the note. */
export const reportNoteLengthLabel = (length: number, max = BUSINESS_LIMITS.reportNoteMaxLength) =>
  `${formatNumber(length)} / ${formatNumber(max)} characters`;
