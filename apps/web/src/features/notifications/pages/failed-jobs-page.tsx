import { useId, useRef } from 'react';
import { ContentLayout } from '@/components/layouts/content-layout';
import { ListEmpty } from '@/components/list-states';
import { PagedList } from '@/components/paged-list';
import { TableRegion, Td, Th } from '@/components/ui/table';
import { usePageParam } from '@/hooks/use-page-param';
import { useFailedJobs } from '../api/failed-jobs';
import type { FailedJob } from '../api/twins';
import { exactTime } from '../lib/relative-time';

const PAGE_SIZE = 20;

const TEXT = {
  heading: 'Failed Jobs',
  intro:
    'Background work that still failed after every retry: e-mails not sent, alerts not delivered. Each is kept here so nothing is lost without a trace.',
  listTitle: 'Jobs that failed for good',
  empty: 'No job has failed. Every e-mail and alert went out.',
  failure: "We couldn't load the failed jobs. Please try again.",
} as const;

function FailedJobsTable({ jobs }: { jobs: FailedJob[] }) {
  return (
    <TableRegion label={TEXT.listTitle} className="mt-6">
      <thead>
        <tr>
          <Th>Queue</Th>
          <Th>Key</Th>
          <Th>Error</Th>
          <Th>Attempts</Th>
          <Th>Failed at</Th>
        </tr>
      </thead>
      <tbody>
        {jobs.map((job) => (
          <tr key={job._id}>
            <Td className="font-medium whitespace-nowrap">{job.queue}</Td>
            <Td className="max-w-56 font-mono text-xs break-all">{job.key ?? '—'}</Td>
            <Td className="max-w-md break-words whitespace-pre-wrap text-red-900">{job.error}</Td>
            <Td className="tabular-nums">{job.attempts}</Td>
            <Td className="whitespace-nowrap">
              <time dateTime={job.failedAt}>{exactTime(job.failedAt)}</time>
            </Td>
          </tr>
        ))}
      </tbody>
    </TableRegion>
  );
}

/** The dead letters of the job queue, newest first, for admins to look into. */
export function FailedJobsPage() {
  const headingId = useId();
  const listHeadingRef = useRef<HTMLHeadingElement>(null);
  const { page, goToPage } = usePageParam();
  const jobs = useFailedJobs(page, PAGE_SIZE);

  return (
    <ContentLayout heading={TEXT.heading}>
      <p className="mt-3 max-w-3xl text-stone-700">{TEXT.intro}</p>
      <PagedList
        title={TEXT.listTitle}
        titleId={headingId}
        titleRef={listHeadingRef}
        noun={['failed job', 'failed jobs']}
        query={jobs}
        pageSize={PAGE_SIZE}
        page={page}
        onPageChange={goToPage}
        pagesLabel="Failed job pages"
        loadingLabel="Loading failed jobs"
        failure={TEXT.failure}
        empty={<ListEmpty>{TEXT.empty}</ListEmpty>}
      >
        {(items) => <FailedJobsTable jobs={items} />}
      </PagedList>
    </ContentLayout>
  );
}
