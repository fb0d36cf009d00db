/**
 * Loaded into every node process of `npm start` by bench/idle-memory.ts --breakdown (through NODE_OPTIONS):
 * each process appends its process.memoryUsage() once a second to BENCH_MEMORY_PROBE_DIR/<pid>.jsonl, so the
 * bench can split the server's RSS into the JavaScript heap, memory outside it (WebAssembly memory counts in
 * `external`) and array buffers. A timer and a small append a second; nothing else.
 */
import { appendFileSync } from 'node:fs';
import path from 'node:path';

const dir = process.env.BENCH_MEMORY_PROBE_DIR;
if (dir) {
  const file = path.join(dir, `${process.pid}.jsonl`);
  const MB = 1024 * 1024;
  setInterval(() => {
    const m = process.memoryUsage();
    const line = {
      rssMb: m.rss / MB,
      heapTotalMb: m.heapTotal / MB,
      heapUsedMb: m.heapUsed / MB,
      externalMb: m.external / MB,
      arrayBuffersMb: m.arrayBuffers / MB,
    };
    appendFileSync(file, `${JSON.stringify(line)}\n`);
  }, 1000).unref();
}
