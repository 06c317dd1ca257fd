import type { AuditEntry } from '@keyhaven/shared';
import { actionLabel, targetTypeLabel } from '../lib/labels';

const at = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
  hourCycle: 'h23',
});

/** `Nov 20, 2026, 09:30 UTC`: in UTC, as the day filters are. */
export const entryTime = (value: string) => {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : `${at.format(date)} UTC`;
};

/** `listingAvailability` reads `Listing availability`. */
const fieldName = (key: string) => {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** A recorded value as text: nothing is a dash, yes and no are words, the rest as written. */
function shown(value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

type Change = { field: string; before: unknown; after: unknown };

/**
 * The fields the action changed, each with its value before and after. A deletion has nothing
 * after, a creation nothing before; fields that read the same on both sides are left out.
 */
export function changesOf(entry: Pick<AuditEntry, 'before' | 'after'>): Change[] {
  const fields = [
    ...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})]),
  ];
  return fields
    .map((field) => ({ field, before: entry.before?.[field], after: entry.after?.[field] }))
    .filter(
      (change) => !entry.before || !entry.after || shown(change.before) !== shown(change.after),
    );
}

function Changes({ entry }: { entry: AuditEntry }) {
  const changes = changesOf(entry);
  // An entry without before and after (an export) says what it was about in its details.
  if (changes.length === 0) {
    const details = Object.entries(entry.details);
    if (details.length === 0) return null;
    return (
      <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_minmax(0,1fr)]">
        {details.map(([key, value]) => (
          <div key={key} className="contents">
            <dt className="font-semibold text-stone-700">{fieldName(key)}</dt>
            <dd className="break-words text-stone-900 [overflow-wrap:anywhere]">{shown(value)}</dd>
          </div>
        ))}
      </dl>
    );
  }
  const removed = entry.after === null;
  return (
    <dl className="mt-3 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[max-content_minmax(0,1fr)]">
      {changes.map((change) => (
        <div key={change.field} className="contents">
          <dt className="font-semibold text-stone-700">{fieldName(change.field)}</dt>
          <dd className="flex min-w-0 flex-wrap items-baseline gap-x-2 gap-y-1">
            <span className="min-w-0 rounded bg-red-50 px-1.5 text-red-900 line-through decoration-red-300 [overflow-wrap:anywhere]">
              <span className="sr-only">Before: </span>
              {shown(change.before)}
            </span>
            <span aria-hidden="true" className="text-stone-500">
              →
            </span>
            <span className="min-w-0 rounded bg-emerald-50 px-1.5 text-emerald-900 [overflow-wrap:anywhere]">
              <span className="sr-only">After: </span>
              {removed ? 'deleted' : shown(change.after)}
            </span>
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** One entry of the trail: when, who, what, on what, and what it changed. */
export function AuditEntryItem({ entry }: { entry: AuditEntry }) {
  return (
    <article
      aria-labelledby={`audit-${entry._id}`}
      className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 id={`audit-${entry._id}`} className="font-semibold text-stone-900">
          {actionLabel(entry.action)}
        </h3>
        <time dateTime={entry.createdAt} className="text-sm text-stone-600 tabular-nums">
          {entryTime(entry.createdAt)}
        </time>
      </div>
      <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_minmax(0,1fr)]">
        <div className="contents">
          <dt className="text-stone-600">By</dt>
          <dd className="min-w-0 text-stone-900 [overflow-wrap:anywhere]">
            {entry.actorEmail}
            {entry.actorId && (
              <span className="ml-2 font-mono text-xs text-stone-600">{entry.actorId}</span>
            )}
          </dd>
        </div>
        <div className="contents">
          <dt className="text-stone-600">Target</dt>
          <dd className="min-w-0 text-stone-900 [overflow-wrap:anywhere]">
            {targetTypeLabel(entry.targetType)}{' '}
            {entry.targetName && <span className="font-semibold">{entry.targetName}</span>}{' '}
            <span className="font-mono text-xs text-stone-700">{entry.targetId}</span>
          </dd>
        </div>
      </dl>
      <Changes entry={entry} />
    </article>
  );
}
