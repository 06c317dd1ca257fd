import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import { agentProfilePath } from '@/lib/paths';

/** An agent's name wherever a listing or an offer names it: it leads to the agent's profile. */
export function AgentLink({
  agentId,
  name,
  className,
}: {
  agentId: string;
  name: string;
  className?: string;
}) {
  return (
    <Link
      to={agentProfilePath(agentId)}
      className={cn(
        'font-medium text-teal-900 underline underline-offset-2 hover:text-teal-950',
        className,
      )}
    >
      {name}
    </Link>
  );
}
