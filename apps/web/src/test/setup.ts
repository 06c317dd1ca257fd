import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { fakeApi, takeUnansweredRequests } from './fake-api';
import './happy-dom-gaps';

/*
 * A component test fails on what nobody asserted: anything printed with console.error (React's
 * act() warnings among it) and any request no test answered.
 */
let errors: unknown[][] = [];

// What Testing Library sets itself when test hooks are globals (they are not here): without it,
// React stays silent about updates that happen outside act().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// Waiting longer only costs time when something is wrong; a busy machine needs more than 1 s.
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
  // No server by default: a test answers the requests it expects.
  fakeApi({});
});

afterEach(() => {
  // Unmounting first, so what the page prints on its way out counts too.
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  const unanswered = takeUnansweredRequests();
  const problems = [
    ...errors.map((args) => `console.error: ${args.map(String).join(' ')}`),
    ...unanswered.map((request) => `unanswered request: ${request.method} ${request.path}`),
  ];
  if (problems.length > 0) throw new Error(problems.join('\n'));
});
