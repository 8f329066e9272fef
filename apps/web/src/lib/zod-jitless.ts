/**
 * zod compiles object parsers with `new Function` where the page allows it, and probes for that as
 * each object schema is built. The server's content security policy allows no eval, so the compiler
 * could never run here, and Chromium reported every probe as a CSP violation (Lighthouse's best
 * practices on the customer forms). zod keeps its settings on this global, shared by every copy of
 * it, so the entry sets `jitless` there before any route chunk builds a schema, without taking zod
 * itself into the entry (importing its `config` added 3.7 KB gzip). A journey checks that no page
 * reports a violation (first-paint.spec.ts).
 */
const zodSettings = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodSettings.__zod_globalConfig = { ...zodSettings.__zod_globalConfig, jitless: true };
