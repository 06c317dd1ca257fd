import * as z from 'zod/mini';

// Zod compiles object parsers with `new Function` unless told not to, and decides when each schema
// is built. The server's CSP forbids eval (Chrome reports even the caught attempt as a violation),
// so this must run before any module defines a schema: main.tsx imports it first.
z.config({ jitless: true });
