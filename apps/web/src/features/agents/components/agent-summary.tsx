import { AGENT_MESSAGES, responseTimeText } from '@keyhaven/shared/texts';
import { ProfileCard } from '@/components/profile-card';
import { StarRating } from '@/components/ui/star-rating';
import type { AgentProfile } from '../types';

/** The agent's photo, name, chosen contact, figures, bio and areas: the top of their profile. */
export function AgentSummary({ agent }: { agent: AgentProfile }) {
  const { figures } = agent;
  const facts = [
    { term: 'Homes sold', value: String(figures.homesSold) },
    {
      term: 'Median days to sale',
      value: figures.medianDaysToSale === null ? 'No sales yet' : String(figures.medianDaysToSale),
    },
    { term: 'Replies to messages', value: responseTimeText(figures.medianResponseMinutes) },
  ];
  return (
    <ProfileCard
      label="About the agent"
      name={agent.name}
      image={agent.image}
      banner={
        <>
          {agent.fraud && (
            <p className="mb-2 inline-block rounded-full bg-red-100 px-3 py-0.5 text-sm font-semibold text-red-900">
              Marked as fraud: hidden from buyers
            </p>
          )}
          {figures.rating === null ? (
            <p className="text-teal-50">No reviews yet</p>
          ) : (
            <p className="flex flex-wrap items-center justify-center gap-2 sm:justify-start">
              <StarRating rating={figures.rating} />
              <span>
                {figures.rating.toFixed(1)} from {figures.reviewCount}{' '}
                {figures.reviewCount === 1 ? 'review' : 'reviews'}
              </span>
            </p>
          )}
          {(agent.email || agent.phone) && (
            <ul className="mt-2 space-y-1">
              {agent.email && (
                <li>
                  <a
                    href={`mailto:${agent.email}`}
                    className="break-all text-cream underline underline-offset-2"
                  >
                    {agent.email}
                  </a>
                </li>
              )}
              {agent.phone && (
                <li>
                  <a
                    href={`tel:${agent.phone.replace(/[^\d+]/g, '')}`}
                    className="text-cream underline underline-offset-2"
                  >
                    {agent.phone}
                  </a>
                </li>
              )}
            </ul>
          )}
        </>
      }
    >
      <dl className="grid gap-x-8 gap-y-5 border-b border-sand p-6 sm:grid-cols-3">
        {facts.map(({ term, value }) => (
          <div key={term}>
            <dt className="text-sm font-medium text-stone-600">{term}</dt>
            <dd className="mt-1 text-xl font-bold text-teal-900">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="p-6">
        <h2 className="text-lg font-bold text-teal-900">About</h2>
        <p className="mt-2 whitespace-pre-line break-words text-stone-800">
          {agent.bio || AGENT_MESSAGES.noBio}
        </p>
        {agent.serviceAreas.length > 0 && (
          <>
            <h2 className="mt-5 text-lg font-bold text-teal-900">Service areas</h2>
            <ul className="mt-2 flex flex-wrap gap-2">
              {agent.serviceAreas.map((area) => (
                <li key={area} className="rounded-full bg-sand px-3 py-1 text-sm text-stone-800">
                  {area}
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </ProfileCard>
  );
}
