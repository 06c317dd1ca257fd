import type { Property } from '../types';

/** Who offers the home: the creator's name, else their e-mail before the @, else Unknown. */
export function ownerName({
  creatorName,
  creatorEmail,
}: Pick<Property, 'creatorName' | 'creatorEmail'>) {
  const name = creatorName?.trim();
  if (name) return name;
  const local = creatorEmail?.split('@')[0]?.trim();
  return local || 'Unknown';
}
