import {
  AGENT_MESSAGES,
  AGENT_PROFILE_LIMITS,
  AGENT_SORTS,
  type AgentSort,
} from '@keyhaven/shared/texts';
import { type FormEvent, useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { SelectField, TextField } from '@/components/form/fields';
import { ContentLayout } from '@/components/layouts/content-layout';
import { ListEmpty } from '@/components/list-states';
import { PagedList, type PagedListSpec } from '@/components/paged-list';
import { Button } from '@/components/ui/button';
import { KEEP_SCROLL } from '@/lib/keep-scroll';
import { paths } from '@/lib/paths';
import { useAgents } from '../api/get-agents';
import type { AgentDirectoryRequest } from '../api/query-keys';
import { AgentCard } from '../components/agent-card';

const PAGE_SIZE = 12;

const SORT_LABELS: Record<AgentSort, string> = { sales: 'Most homes sold', rating: 'Best rated' };

const AGENTS_LIST: PagedListSpec = {
  title: 'Agents',
  noun: ['agent', 'agents'],
  pageSize: PAGE_SIZE,
  pagesLabel: 'Agent pages',
  loadingLabel: 'Loading agents',
  failure: AGENT_MESSAGES.directoryFailed,
};

/** What the directory asks for at its address. */
export function agentsRequestFrom(params: URLSearchParams): AgentDirectoryRequest {
  const sort = params.get('sort');
  const page = Number(params.get('page'));
  const search = params.get('search')?.trim().slice(0, AGENT_PROFILE_LIMITS.searchMaxLength);
  return {
    ...(search ? { search } : {}),
    sort: AGENT_SORTS.find((known) => known === sort) ?? 'sales',
    page: Number.isInteger(page) && page > 1 ? page : 1,
    limit: PAGE_SIZE,
  };
}

function paramsOf({ search, sort, page }: AgentDirectoryRequest) {
  const params = new URLSearchParams();
  if (search) params.set('search', search);
  if (sort !== 'sales') params.set('sort', sort);
  if (page > 1) params.set('page', String(page));
  return params;
}

/**
 * The agents directory: search by name or area and the order live in the address. A plain GET
 * form underneath, so Search works before the page's code has loaded.
 */
export function AgentsPage() {
  const [params, setParams] = useSearchParams();
  const request = agentsRequestFrom(params);
  const agents = useAgents(request);

  const apply = (form: HTMLFormElement) => {
    const data = new FormData(form);
    const next = agentsRequestFrom(
      new URLSearchParams([...data.entries()].map(([key, value]) => [key, String(value)])),
    );
    setParams(paramsOf({ ...next, page: 1 }));
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    apply(event.currentTarget);
  };
  const goToPage = useCallback(
    (page: number, { replace = false } = {}) =>
      setParams((current) => paramsOf({ ...agentsRequestFrom(current), page }), {
        state: KEEP_SCROLL,
        replace,
      }),
    [setParams],
  );

  return (
    <ContentLayout heading={AGENT_MESSAGES.directoryHeading}>
      <p className="mt-3 max-w-3xl text-stone-700">{AGENT_MESSAGES.directoryIntro}</p>
      <search aria-label="Search agents" className="mt-6 block">
        <form
          key={params.toString()}
          method="get"
          action={paths.agents}
          onSubmit={onSubmit}
          noValidate
          className="grid items-end gap-4 rounded-2xl border border-stone-200 bg-white p-4 sm:grid-cols-[2fr_1fr_auto]"
        >
          <TextField
            label="Name or area"
            name="search"
            type="search"
            defaultValue={request.search ?? ''}
            maxLength={AGENT_PROFILE_LIMITS.searchMaxLength}
            autoComplete="off"
          />
          <SelectField
            label="Sort by"
            name="sort"
            defaultValue={request.sort}
            onChange={(event) => event.currentTarget.form && apply(event.currentTarget.form)}
          >
            {AGENT_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {SORT_LABELS[sort]}
              </option>
            ))}
          </SelectField>
          <Button type="submit">Search</Button>
        </form>
      </search>
      <div className="mt-6">
        <PagedList
          list={AGENTS_LIST}
          query={agents}
          paging={{ page: request.page, goToPage }}
          empty={<ListEmpty>{AGENT_MESSAGES.directoryEmpty}</ListEmpty>}
        >
          {(items, titleId) => (
            <ul aria-labelledby={titleId} className="mt-4 grid gap-4 md:grid-cols-2">
              {items.map((agent) => (
                <li key={agent._id}>
                  <AgentCard agent={agent} />
                </li>
              ))}
            </ul>
          )}
        </PagedList>
      </div>
    </ContentLayout>
  );
}
