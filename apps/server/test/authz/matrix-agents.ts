import { all, asUnconfirmed, type MatrixRow, signedIn } from './matrix-shape.js';

/*
 * Agent profiles (module agents). `agent` sold the sold listing to `user`, who alone may review
 * them; the frozen listing's agent is marked as fraud: their profile is for admins only; `user`
 * is not an agent, so has no profile.
 */

/** The reading routes of a profile, each as the same cases of whose profile is asked for. */
const profileReads = (suffix: string): MatrixRow => ({
  method: 'GET',
  path: `/api/agents/:id${suffix}`,
  cases: [
    {
      input: "the agent's profile",
      request: (w) => ({ url: `/api/agents/${w.accounts.agent.id}${suffix}` }),
      expect: signedIn(200),
    },
    {
      input: "the other agent's profile",
      request: (w) => ({ url: `/api/agents/${w.accounts.otherAgent.id}${suffix}` }),
      expect: signedIn(200),
    },
    {
      input: 'the profile of the agent marked as fraud',
      request: (w) => ({ url: `/api/agents/${w.fraudAgentId}${suffix}` }),
      expect: [401, 404, 404, 404, 404, 200, 404],
    },
    {
      input: 'the profile of a buyer, who is not an agent',
      request: (w) => ({ url: `/api/agents/${w.accounts.user.id}${suffix}` }),
      expect: signedIn(404),
    },
    {
      input: 'an id longer than any account id',
      request: () => ({ url: `/api/agents/${'x'.repeat(65)}${suffix}` }),
      expect: signedIn(400),
    },
  ],
});

export const AGENTS_ROWS: MatrixRow[] = [
  {
    method: 'GET',
    path: '/api/agents',
    cases: [
      {
        input: 'agents in an area, by rating',
        request: () => ({ url: '/api/agents?search=Austin&sort=rating' }),
        expect: all(200),
      },
      {
        input: 'an order that does not exist',
        request: () => ({ url: '/api/agents?sort=cheapest' }),
        expect: all(400),
      },
    ],
  },
  {
    method: 'GET',
    path: '/api/agent-profile',
    cases: [
      {
        input: "the caller's own profile",
        request: () => ({ url: '/api/agent-profile' }),
        expect: [401, 403, 403, 200, 200, 403, 403],
      },
    ],
  },
  {
    method: 'PUT',
    path: '/api/agent-profile',
    cases: [
      {
        input: 'a bio and an area',
        request: () => ({
          url: '/api/agent-profile',
          payload: { bio: 'Homes in Austin since 2004.', serviceAreas: ['Austin, Texas'] },
        }),
        expect: [401, 403, 403, 200, 200, 403, 403],
      },
      {
        input: 'a bio longer than allowed',
        request: () => ({ url: '/api/agent-profile', payload: { bio: 'x'.repeat(1001) } }),
        expect: [401, 403, 403, 400, 400, 403, 403],
      },
    ],
  },
  profileReads(''),
  profileReads('/listings'),
  profileReads('/sales'),
  profileReads('/reviews'),
  {
    method: 'POST',
    path: '/api/agents/:id/reviews',
    cases: [
      {
        input: 'a review of the agent who sold the user a home',
        request: (w) => ({
          url: `/api/agents/${w.accounts.agent.id}/reviews`,
          payload: { rating: 5, title: 'Smooth sale', text: 'Answered every question.' },
        }),
        // Only the buyer who bought from them; agents, admins and fraud accounts review nobody.
        expect: [401, 200, 403, 403, 403, 403, 403],
      },
      asUnconfirmed('a review of the agent', (w) => ({
        url: `/api/agents/${w.accounts.agent.id}/reviews`,
        payload: { rating: 5 },
      })),
      {
        input: 'a review of an agent the user never bought from',
        request: (w) => ({
          url: `/api/agents/${w.accounts.otherAgent.id}/reviews`,
          payload: { rating: 1 },
        }),
        expect: [401, 403, 403, 403, 403, 403, 403],
      },
      {
        input: 'a review of the agent marked as fraud',
        request: (w) => ({ url: `/api/agents/${w.fraudAgentId}/reviews`, payload: { rating: 1 } }),
        expect: [401, 404, 404, 403, 403, 403, 403],
      },
      {
        input: 'a review of a buyer',
        request: (w) => ({
          url: `/api/agents/${w.accounts.otherUser.id}/reviews`,
          payload: { rating: 1 },
        }),
        expect: [401, 404, 404, 403, 403, 403, 403],
      },
      {
        input: 'a rating out of range',
        request: (w) => ({
          url: `/api/agents/${w.accounts.agent.id}/reviews`,
          payload: { rating: 9 },
        }),
        expect: [401, 400, 400, 403, 403, 403, 403],
      },
    ],
  },
];
