import type { $ZodConfig } from 'zod/v4/core';

// Zod compiles object parsers with `new Function` unless told not to, and decides when each schema
// is built. The server's CSP forbids eval (Chrome reports even the caught attempt as a violation),
// so this must run before any module defines a schema: start-app.tsx imports it first.
//
// It fills the settings object zod reads, `globalThis.__zod_globalConfig` (zod's core.js: the one
// `config()` writes, shared by every copy of zod), rather than calling `config()`. Importing any
// zod function here would put zod's core modules, which the lazily loaded forms share, into the
// first download (about 4 KB gzip). Should zod ever rename it, e2e fails on the CSP console error.
const zodGlobal = globalThis as typeof globalThis & { __zod_globalConfig?: $ZodConfig };
zodGlobal.__zod_globalConfig ??= {};
zodGlobal.__zod_globalConfig.jitless = true;
