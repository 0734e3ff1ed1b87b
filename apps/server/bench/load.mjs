// One load measurement for the HTTP bench (bench/http.bench.ts), in a process of its own: the
// client's heap and garbage collection after one measurement must not show in the next one's
// latencies (one client process for the whole run added 5 to 15 ms to the p99 of whatever was
// measured after a fast server). Takes { url, connections, cookie, seconds } as JSON in argv[2];
// prints { rps, p50, p99, non2xx, errors, timeouts } as JSON after a 2 s warm-up.
import autocannon from 'autocannon';

const { url, connections, cookie, seconds } = JSON.parse(process.argv[2]);
const options = { url, connections, headers: cookie ? { cookie } : {} };
await autocannon({ ...options, duration: 2 });
const result = await autocannon({ ...options, duration: seconds });
console.log(
  JSON.stringify({
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  }),
);
