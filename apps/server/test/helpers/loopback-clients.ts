import type { Redis } from 'ioredis';

/*
 * Servers that share one Redis count failed sign-ins and rate limits per client address. A suite
 * that talks to them from loopback addresses of its own (by its process id, so the PGlite and
 * PostgreSQL runs never meet) counts nothing against 127.0.0.1, and can delete every key it
 * caused, and no other, when it ends.
 */
export function loopbackClients(block: number) {
  const ownBlock = block + (process.pid % 65_000);
  const addresses = new Set<string>();
  const emails = new Set<string>();
  return {
    /** A new client address, 127.x.y.z, of this suite's own. */
    nextAddress() {
      if (addresses.size >= 254) throw new Error('out of loopback addresses for this suite');
      const address = `127.${ownBlock >> 8}.${ownBlock & 255}.${addresses.size + 1}`;
      addresses.add(address);
      return address;
    },
    /** An account whose sign-ins this suite tried: its counters are deleted at the end. */
    signedInAs(email: string) {
      emails.add(email.toLowerCase());
    },
    /** Deletes the Redis keys the servers made for these addresses and accounts. */
    async forgetCounters(redis: Redis) {
      const patterns = [
        ...[...emails].map((email) => `keyhaven:login-*:${email}`),
        ...[...addresses].flatMap((address) => [
          `keyhaven:login-*:${address}*`,
          `keyhaven:login-failures:address:${address}`,
          `keyhaven-rate:*${address}*`,
        ]),
      ];
      const keys: string[] = [];
      for (const pattern of patterns) {
        let cursor = '0';
        do {
          const [next, found] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
          cursor = next;
          keys.push(...found);
        } while (cursor !== '0');
      }
      if (keys.length > 0) await redis.del(...keys);
    },
  };
}
