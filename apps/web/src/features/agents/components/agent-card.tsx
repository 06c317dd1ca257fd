import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { StarRating } from '@/components/ui/star-rating';
import { agentProfilePath } from '@/lib/paths';
import type { AgentSummary } from '../types';

/** An agent in the directory: photo, name (a link to the profile), areas, rating and sales. */
export function AgentCard({ agent }: { agent: AgentSummary }) {
  return (
    <article className="flex h-full gap-4 rounded-2xl border border-sand bg-white p-5 shadow-sm">
      <Avatar name={agent.name} src={agent.image} className="size-16 shrink-0" sizes="64px" />
      <div className="min-w-0">
        <h3 className="text-lg font-bold break-words text-stone-900">
          <Link
            to={agentProfilePath(agent._id)}
            className="rounded text-teal-900 underline-offset-2 hover:underline"
          >
            {agent.name}
          </Link>
        </h3>
        {agent.serviceAreas.length > 0 && (
          <p className="mt-1 text-sm break-words text-stone-700">
            <span className="sr-only">Service areas: </span>
            {agent.serviceAreas.join(' · ')}
          </p>
        )}
        <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-stone-700">
          {agent.rating === null ? (
            <span>No reviews yet</span>
          ) : (
            <span className="inline-flex items-center gap-1.5">
              <StarRating rating={agent.rating} starClassName="size-4" />
              {agent.rating.toFixed(1)} ({agent.reviewCount})
            </span>
          )}
          <span>
            {agent.homesSold} {agent.homesSold === 1 ? 'home' : 'homes'} sold
          </span>
        </div>
      </div>
    </article>
  );
}
