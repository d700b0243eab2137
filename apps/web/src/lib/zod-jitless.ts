// Zod probes `new Function` when it first builds an object schema, to compile fast parsers. The site's
// CSP allows no eval, so the browser reports the probe as a violation (Lighthouse's best practices
// count it), though zod catches it. Zod reads this global before any schema is built; jitless skips
// the probe. Imported first by main.tsx, before any chunk with zod loads.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };
