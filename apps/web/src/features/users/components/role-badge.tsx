import type { Role } from '@keyhaven/shared';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { ROLE_LABELS } from '@/lib/user';

const TONES: Record<Role, BadgeTone> = {
  user: 'neutral',
  agent: 'teal',
  admin: 'amber',
  fraud: 'red',
};

export function RoleBadge({ role, className }: { role: Role; className?: string }) {
  return (
    <Badge tone={TONES[role]} className={className}>
      {ROLE_LABELS[role]}
    </Badge>
  );
}
