import type { OwnAgentProfile } from '@keyhaven/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '@/test/fake-api';
import { agent } from '@/test/fixtures';
import { renderInApp } from '@/test/render';
import { MyAgentProfilePage } from './my-agent-profile-page';

const saved: OwnAgentProfile = {
  bio: '',
  serviceAreas: ['Round Rock'],
  showEmail: true,
  showPhone: false,
  name: agent.name,
  email: agent.email,
  phone: agent.phone,
  image: null,
};

const AUSTIN = {
  name: 'Austin',
  region: 'Texas',
  country: 'US',
  label: 'Austin, Texas',
  lat: 30.26715,
  lng: -97.74306,
};
const AUSTINTOWN = { ...AUSTIN, name: 'Austintown', region: 'Ohio', label: 'Austintown, Ohio' };

/** The service areas listed above the field, each before its Remove button. */
const areasListed = () =>
  screen.getAllByRole('listitem').map((item) => item.firstChild?.textContent);

describe('MyAgentProfilePage', () => {
  it('suggests known places for a service area, taken by keyboard, and keeps any area typed whole', async () => {
    const api = fakeApi({
      'GET /api/agent-profile': () => json(saved),
      'GET /api/places?q=aus': () => json([AUSTIN, AUSTINTOWN]),
      'GET /api/places?q=zilker': () => json([]),
    });
    const view = renderInApp(<MyAgentProfilePage />, { signedInAs: agent });
    const area = await screen.findByRole('combobox', { name: 'Add an area' });
    await view.user.type(area, 'aus');
    const places = await screen.findByRole('listbox', { name: 'Places' });
    expect(
      within(places)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Austin, Texas', 'Austintown, Ohio']);
    await view.user.keyboard('{ArrowDown}');
    expect(within(places).getByRole('option', { name: 'Austin, Texas' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await view.user.keyboard('{Enter}');
    expect(areasListed()).toEqual(['Round Rock', 'Austin, Texas']);
    expect(area).toHaveValue('');
    expect(api.requestsTo('GET /api/places?q=aus')).toHaveLength(1);

    // A neighbourhood no gazetteer knows: Enter adds it as typed.
    await view.user.type(area, 'Zilker{Enter}');
    expect(areasListed()).toEqual(['Round Rock', 'Austin, Texas', 'Zilker']);
  });
});
