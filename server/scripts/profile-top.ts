/**
 * tsx scripts/profile-top.ts <file.cpuprofile | dir> [top=25] — where a server process spent its time:
 * self time by function and by package (node_modules/<name>, node: internals, our own src/), from the
 * V8 CPU profiles that `BENCH_PROFILE=<dir> npm run bench:api` leaves (or any node --cpu-prof output).
 * LAST=<seconds> keeps only the profile's last seconds (the load, not the set-up before it).
 */
import fs from 'node:fs';
import path from 'node:path';

interface Node {
  id: number;
  children?: number[];
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

function where(url: string): string {
  if (!url) return '(native / gc / idle)';
  if (url.startsWith('node:')) return url.split('/')[0] === 'node:internal' ? 'node:internal' : url;
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  const src = url.indexOf('/server/');
  return src >= 0 ? url.slice(src + 1) : url;
}

function main() {
  const arg = process.argv[2];
  const top = Number(process.argv[3] || 25);
  if (!arg) {
    console.error('usage: tsx scripts/profile-top.ts <file.cpuprofile | dir> [top]');
    process.exit(2);
  }
  const files = fs.statSync(arg).isDirectory()
    ? fs
        .readdirSync(arg)
        .filter((f) => f.endsWith('.cpuprofile'))
        .map((f) => path.join(arg, f))
    : [arg];
  for (const file of files) {
    const prof = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
    const byId = new Map(prof.nodes.map((n) => [n.id, n]));
    const self = new Map<number, number>();
    const last = Number(process.env.LAST || 0) * 1e6;
    const end = prof.timeDeltas.reduce((a, b) => a + b, 0);
    let t = 0;
    prof.samples.forEach((id, i) => {
      t += prof.timeDeltas[i] ?? 0;
      if (!last || t >= end - last) self.set(id, (self.get(id) ?? 0) + (prof.timeDeltas[i] ?? 0));
    });
    let total = 0;
    let idle = 0;
    const fn = new Map<string, number>();
    const pkg = new Map<string, number>();
    for (const [id, us] of self) {
      const n = byId.get(id)!;
      total += us;
      if (n.callFrame.functionName === '(idle)') {
        idle += us;
        continue;
      }
      const name = `${n.callFrame.functionName || '(anonymous)'}  ${where(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;
      fn.set(name, (fn.get(name) ?? 0) + us);
      const p = where(n.callFrame.url);
      pkg.set(p, (pkg.get(p) ?? 0) + us);
    }
    const busy = total - idle;
    const pct = (us: number) => `${((100 * us) / busy).toFixed(1).padStart(5)} %`;
    console.log(
      `\n${path.basename(file)}: ${(total / 1e6).toFixed(1)} s sampled, busy ${(busy / 1e6).toFixed(1)} s (${(
        (100 * busy) /
        total
      ).toFixed(0)} %), idle ${(idle / 1e6).toFixed(1)} s`,
    );
    console.log('  self time by package (share of busy time):');
    for (const [k, v] of [...pkg].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`    ${pct(v)}  ${k}`);
    console.log(`  top ${top} functions by self time:`);
    for (const [k, v] of [...fn].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`    ${pct(v)}  ${k}`);
  }
}

main();
