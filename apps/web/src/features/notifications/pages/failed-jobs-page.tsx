import { ContentLayout } from '@/components/layouts/content-layout';
import { ListEmpty } from '@/components/list-states';
import { PagedList, type PagedListSpec } from '@/components/paged-list';
import { Button } from '@/components/ui/button';
import { TableRegion, Td, Th } from '@/components/ui/table';
import { usePageParam } from '@/hooks/use-page-param';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useFailedJobs } from '../api/failed-jobs';
import { useRunFailedJobAgain } from '../api/run-failed-job-again';
import type { FailedJob } from '../api/twins';
import { exactTime } from '../lib/relative-time';

const TEXT = {
  heading: 'Failed Jobs',
  intro:
    'Background work that still failed after every retry: e-mails not sent, alerts not delivered. Each is kept here so nothing is lost without a trace.',
  listTitle: 'Jobs that failed for good',
  empty: 'No job has failed. Every e-mail and alert went out.',
  failure: "We couldn't load the failed jobs. Please try again.",
  runAgain: 'Run again',
  runAgainFailed: "We couldn't queue the job again. Please try again.",
} as const;

const FAILED_JOBS_LIST: PagedListSpec = {
  title: TEXT.listTitle,
  noun: ['failed job', 'failed jobs'],
  pageSize: 20,
  pagesLabel: 'Failed job pages',
  loadingLabel: 'Loading failed jobs',
  failure: TEXT.failure,
};

function FailedJobsTable({ jobs }: { jobs: FailedJob[] }) {
  const runAgain = useRunFailedJobAgain();
  const run = (job: FailedJob) =>
    runAgain.mutate(job._id, {
      onSuccess: ({ message }) => toast.success(message),
      onError: (error) => toast.error(errorMessage(error, TEXT.runAgainFailed)),
    });
  return (
    <TableRegion label={TEXT.listTitle} className="mt-6">
      <thead>
        <tr>
          <Th>Queue</Th>
          <Th>Key</Th>
          <Th>Error</Th>
          <Th>Attempts</Th>
          <Th>Failed at</Th>
          <Th>
            <span className="sr-only">Actions</span>
          </Th>
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
            <Td>
              <Button
                size="sm"
                variant="secondary"
                disabled={runAgain.isPending}
                aria-label={`${TEXT.runAgain}: ${job.queue} ${job.key ?? ''}`.trim()}
                onClick={() => run(job)}
              >
                {TEXT.runAgain}
              </Button>
            </Td>
          </tr>
        ))}
      </tbody>
    </TableRegion>
  );
}

/** The dead letters of the job queue, newest first, for admins to look into and run again. */
export function FailedJobsPage() {
  const paging = usePageParam();
  const jobs = useFailedJobs(paging.page, FAILED_JOBS_LIST.pageSize);

  return (
    <ContentLayout heading={TEXT.heading}>
      <p className="mt-3 max-w-3xl text-stone-700">{TEXT.intro}</p>
      <PagedList
        list={FAILED_JOBS_LIST}
        query={jobs}
        paging={paging}
        empty={<ListEmpty>{TEXT.empty}</ListEmpty>}
      >
        {(items) => <FailedJobsTable jobs={items} />}
      </PagedList>
    </ContentLayout>
  );
}
