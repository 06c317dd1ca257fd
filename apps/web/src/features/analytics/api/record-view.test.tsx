import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { sessionQueryKey } from '@/hooks/use-session';
import { createQueryClient } from '@/lib/query-client';
import { fakeApi, json, refusal } from '@/test/fake-api';
import { buyer } from '@/test/fixtures';
import { renderInApp } from '@/test/render';
import { recordView, useRecordView } from './record-view';

const LAKESIDE = '6f1c1b1e-2d3a-4c5b-8e9f-0a1b2c3d4e5f';
const LOFT = '00000000-0000-4000-8000-000000000002';

function DetailsVisit({ id, title }: { id: string; title: string }) {
  useRecordView(id);
  return <h1>{title}</h1>;
}

/** A details page that renders again on request, or moves on to another listing. */
function Visits({ ids }: { ids: string[] }) {
  const [visit, setVisit] = useState({ index: 0, renders: 1 });
  const id = ids[visit.index] ?? '';
  return (
    <>
      <DetailsVisit id={id} title={`Listing ${id}, render ${visit.renders}`} />
      <button type="button" onClick={() => setVisit((v) => ({ ...v, renders: v.renders + 1 }))}>
        Render again
      </button>
      <button type="button" onClick={() => setVisit((v) => ({ ...v, index: v.index + 1 }))}>
        Next listing
      </button>
    </>
  );
}

const noContent = () => new Response(null, { status: 204 });

describe('counting a view of a listing', () => {
  it('sends one view per visit, however often the page renders', async () => {
    const api = fakeApi({ [`POST /api/properties/${LAKESIDE}/views`]: noContent });
    // Strict mode, at the root as in development builds, runs every effect twice.
    const queryClient = createQueryClient();
    queryClient.setQueryData(sessionQueryKey, { user: buyer });
    render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <Visits ids={[LAKESIDE]} />
        </QueryClientProvider>
      </StrictMode>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Render again' }));
    expect(screen.getByRole('heading')).toHaveTextContent('render 2');

    await waitFor(() => expect(api.sent).toHaveLength(1));
    expect(api.sent[0]).toEqual({
      method: 'POST',
      path: `/api/properties/${LAKESIDE}/views`,
      body: undefined,
    });
  });

  it('counts the next listing when the buyer moves on to it', async () => {
    const api = fakeApi({
      [`POST /api/properties/${LAKESIDE}/views`]: noContent,
      [`POST /api/properties/${LOFT}/views`]: noContent,
    });
    const { user } = renderInApp(<Visits ids={[LAKESIDE, LOFT]} />, { signedInAs: buyer });
    await user.click(screen.getByRole('button', { name: 'Next listing' }));

    await waitFor(() =>
      expect(api.sent.map((request) => request.path)).toEqual([
        `/api/properties/${LAKESIDE}/views`,
        `/api/properties/${LOFT}/views`,
      ]),
    );
  });

  it('ignores a refusal: the page stays, nobody is signed out, nothing is reported', async () => {
    const api = fakeApi({
      [`POST /api/properties/${LAKESIDE}/views`]: refusal(401, 'Sign in first', 'UNAUTHENTICATED'),
    });
    renderInApp(<DetailsVisit id={LAKESIDE} title="Sunny Lakeside Cottage" />, {
      signedInAs: buyer,
    });

    await waitFor(() => expect(api.sent).toHaveLength(1));
    // A 401 elsewhere ends the session first (POST /auth/logout, which would go unanswered
    // here and fail the test); a view's refusal settles without it.
    await expect(recordView(LAKESIDE)).rejects.toThrow('Sign in first');
    expect(api.sent.map((request) => request.path)).toEqual([
      `/api/properties/${LAKESIDE}/views`,
      `/api/properties/${LAKESIDE}/views`,
    ]);
    expect(screen.getByRole('heading')).toHaveTextContent('Sunny Lakeside Cottage');
  });

  it('sends nothing for a visitor not signed in, whom the server would refuse', async () => {
    const api = fakeApi({ 'GET /auth/session': json({ user: null }) });
    renderInApp(<DetailsVisit id={LAKESIDE} title="Sunny Lakeside Cottage" />);

    await waitFor(() => expect(api.sent.map((request) => request.path)).toEqual(['/auth/session']));
    // Nothing else follows once the session says nobody is signed in (any request to the
    // views route would go unanswered here and fail the test).
    await screen.findByRole('heading', { name: 'Sunny Lakeside Cottage' });
  });
});
