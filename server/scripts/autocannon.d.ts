// Minimal types for the parts of autocannon 8 the bench uses (the package ships none).
declare module 'autocannon' {
  namespace autocannon {
    interface Histogram {
      average: number;
      p50: number;
      p99: number;
      [k: string]: number;
    }
    interface Result {
      requests: Histogram;
      latency: Histogram;
      throughput: Histogram;
      non2xx: number;
      errors: number;
      timeouts: number;
      '2xx': number;
    }
    /** the running load: a promise of its result, and stop() to end it early */
    interface Instance extends Promise<Result> {
      stop(): void;
    }
    interface Options {
      url: string;
      connections?: number;
      duration?: number;
      requests?: Array<Record<string, unknown>>;
      [k: string]: unknown;
    }
  }
  function autocannon(opts: autocannon.Options): autocannon.Instance;
  export = autocannon;
}
