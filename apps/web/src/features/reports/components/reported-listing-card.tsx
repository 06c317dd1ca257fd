import type { Role } from '@keyhaven/shared/constants';
import {
  REPORT_DECISION_LABELS,
  REPORT_DECISIONS,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportDecision,
} from '@keyhaven/shared/constants';
import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import { AgentLink } from '@/components/listing/agent-link';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/format';
import { propertyDetailsPath } from '@/lib/paths';
import { ROLE_LABELS } from '@/lib/user';
import { APPROVAL_LABELS, QUEUE_TEXT } from '../queue-texts';
import type { ReportedListing } from '../types';

const APPROVAL_TONES = { pending: 'amber', true: 'green', false: 'red' } as const;

const DECISION_VARIANTS: Record<ReportDecision, 'secondary' | 'dangerOutline'> = {
  dismiss: 'secondary',
  request_correction: 'secondary',
  remove_listing: 'dangerOutline',
  mark_agent_fraud: 'dangerOutline',
};

const FRAUD_REFUSALS: Record<Role, string | undefined> = {
  agent: undefined,
  fraud: QUEUE_TEXT.alreadyFraud,
  admin: QUEUE_TEXT.adminNotFraud,
  user: QUEUE_TEXT.notAgent,
};

const reportCount = (count: number) => (count === 1 ? '1 open report' : `${count} open reports`);

type ReportedListingCardProps = {
  item: ReportedListing;
  onDecide: (decision: ReportDecision, item: ReportedListing, opener: HTMLElement) => void;
};

/**
 * One reported listing in the admins' queue: the listing and its agent, how many reports for
 * which reasons, every report, and the four decisions. The buttons name their listing through
 * `aria-describedby`, since every card repeats the same labels.
 */
export function ReportedListingCard({ item, onDecide }: ReportedListingCardProps) {
  const { property } = item;
  const titleId = `reported-${property._id}-title`;
  const agentIsFraud = property.agent.role === 'fraud';
  // Only an agent can be marked as fraud: not one already marked, nor an admin's listing.
  const fraudRefusal = FRAUD_REFUSALS[property.agent.role];
  const counted = REPORT_REASONS.filter((reason) => item.reasons[reason] > 0);
  const open = (decision: ReportDecision) => (event: MouseEvent<HTMLButtonElement>) =>
    onDecide(decision, item, event.currentTarget);

  return (
    <article
      aria-labelledby={titleId}
      className="rounded-2xl border border-sand bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={titleId} className="text-lg font-bold break-words text-teal-900">
            <Link
              to={propertyDetailsPath(property._id)}
              className="underline-offset-2 hover:underline"
            >
              {property.title}
            </Link>
          </h3>
          <p className="text-sm text-stone-700">{property.location}</p>
        </div>
        <p className="text-sm font-semibold whitespace-nowrap text-red-800">
          {reportCount(item.openReports)}
        </p>
      </div>

      <div className="mt-3 flex flex-wrap gap-2">
        <Badge tone={APPROVAL_TONES[property.approval]} srPrefix="Approval:">
          {APPROVAL_LABELS[property.approval]}
        </Badge>
        {property.hidden && <Badge tone="dark">{QUEUE_TEXT.hidden}</Badge>}
      </div>

      <dl className="mt-4 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="font-semibold text-stone-800">Agent</dt>
          <dd className="mt-0.5 break-words text-stone-700">
            {/* Only agents have a profile (an admin sees one marked as fraud, marked). */}
            {property.agent.role === 'agent' || property.agent.role === 'fraud' ? (
              <AgentLink agentId={property.agent._id} name={property.agent.name} />
            ) : (
              property.agent.name
            )}
            <span className="block">{property.agent.email}</span>
            <Badge tone={agentIsFraud ? 'red' : 'neutral'} srPrefix="Role:" className="mt-1">
              {ROLE_LABELS[property.agent.role]}
            </Badge>
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-stone-800">Reasons</dt>
          <dd className="mt-0.5">
            <ul className="text-stone-700">
              {counted.map((reason) => (
                <li key={reason}>
                  {REPORT_REASON_LABELS[reason]}: {item.reasons[reason]}
                </li>
              ))}
            </ul>
          </dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="font-semibold text-stone-800">First reported</dt>
          <dd className="mt-0.5 text-stone-700">{formatDate(item.firstReportedAt)}</dd>
        </div>
      </dl>

      <h4 className="mt-5 text-sm font-semibold text-stone-800">Reports</h4>
      <ul className="mt-2 divide-y divide-sand rounded-xl border border-sand">
        {item.reports.map((report) => (
          <li key={report._id} className="p-3 text-sm">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
              <p className="font-semibold text-stone-900">{REPORT_REASON_LABELS[report.reason]}</p>
              <p className="text-stone-600">{formatDate(report.createdAt)}</p>
            </div>
            <p className="break-words text-stone-700">
              by {report.reporter.name} ({report.reporter.email})
            </p>
            {report.note && (
              <p className="mt-1 break-words whitespace-pre-line text-stone-800">{report.note}</p>
            )}
          </li>
        ))}
      </ul>

      <div className="mt-5 grid grid-cols-1 gap-2 sm:flex sm:flex-wrap sm:justify-end">
        {REPORT_DECISIONS.map((decision) => {
          const refusal = decision === 'mark_agent_fraud' ? fraudRefusal : undefined;
          return (
            <Button
              key={decision}
              size="sm"
              variant={DECISION_VARIANTS[decision]}
              aria-describedby={titleId}
              disabled={refusal !== undefined}
              onClick={open(decision)}
            >
              {REPORT_DECISION_LABELS[decision]}
            </Button>
          );
        })}
      </div>
      {fraudRefusal && <p className="mt-2 text-sm text-stone-600 sm:text-right">{fraudRefusal}</p>}
    </article>
  );
}
