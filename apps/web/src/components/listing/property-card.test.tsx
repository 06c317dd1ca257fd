import { PROPERTY_MESSAGES } from '@keyhaven/shared/texts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { agent, buyer, listing } from '@/test/fixtures';
import { renderInApp } from '@/test/render';
import { PropertyCard } from './property-card';

describe('PropertyCard', () => {
  it('names the listing’s agent as a link to their profile, reached by keyboard', async () => {
    const view = renderInApp(<PropertyCard property={listing} />, { signedInAs: buyer });
    const card = screen.getByRole('article');
    expect(within(card).getByText(PROPERTY_MESSAGES.listedBy, { exact: false })).toBeVisible();
    const link = within(card).getByRole('link', { name: agent.name });
    expect(link).toHaveAttribute('href', `/agents/${agent.uid}`);
    await view.user.tab();
    expect(link).toHaveFocus();
    await view.user.keyboard('{Enter}');
    expect(await screen.findByText(`Now at /agents/${agent.uid}`)).toBeInTheDocument();
  });

  it('leaves the agent out where every card is theirs', () => {
    renderInApp(<PropertyCard property={listing} showAgent={false} />, { signedInAs: agent });
    expect(screen.queryByRole('link', { name: agent.name })).toBeNull();
  });
});
