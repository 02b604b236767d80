/**
 * How the server's Node process is started (`npm start`, and the benchmarks and soak tests, which run it
 * as production does). V8 grows its heap lazily up to a limit sized from the machine's memory (gigabytes
 * here): under load the server's RSS climbed to ~340 MB with ~60 MB live. Capping the old space makes the
 * collector run sooner: the peak stays near 200 MB at the same throughput (BENCHMARKS.md). CAMPO_HEAP_MB
 * raises the cap for an instance that needs it; package.json's start script carries the same default.
 */
export const DEFAULT_HEAP_MB = 160;

export const serverNodeFlags = (env: NodeJS.ProcessEnv = process.env): string[] => [`--max-old-space-size=${Number(env.CAMPO_HEAP_MB) || DEFAULT_HEAP_MB}`];
