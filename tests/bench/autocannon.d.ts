/** The part of autocannon 9 that the benchmarks use (the package ships no types). */
declare module 'autocannon' {
  namespace autocannon {
    interface Options {
      url: string;
      connections?: number;
      duration?: number;
      headers?: Record<string, string>;
    }
    interface Result {
      requests: { average: number; total: number };
      errors: number;
      timeouts: number;
      non2xx: number;
    }
    interface Instance {
      on(event: 'response', listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void): void;
    }
  }
  function autocannon(options: autocannon.Options, done: (error: Error | null, result: autocannon.Result) => void): autocannon.Instance;
  export default autocannon;
}
