/**
 * What a user installs and waits for (`npm run install-size`; needs the npm registry): packs this
 * build (`npm run build` first) and, with `--baseline <rev>`, a build of an earlier commit, installs
 * each tarball as three users would — CLI only, library only, library with the client and its peer
 * dependencies — and prints the size of `node_modules` and the median cold start of each, the
 * baseline's in the same run.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = 11;
const CLIENT_PEERS = ['@connectrpc/connect@2.1.1', '@connectrpc/connect-node@2.1.1', '@bufbuild/protobuf@^2.17.0'];

const LINK = 'name: dr-link\nconfigurations:\n  clientOptions:\n    bootstrapServers: ["source-1:9092"]\n';

/** Bytes of every file under `dir` (symbolic links not followed). */
function bytesUnder(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += bytesUnder(path);
    else if (entry.isFile()) total += statSync(path).size;
  }
  return total;
}

/** Packages installed under `node_modules` (scoped ones counted one by one). */
function packagesUnder(dir: string): number {
  let count = 0;
  for (const name of readdirSync(dir)) {
    if (name.startsWith('.')) continue;
    count += name.startsWith('@') ? readdirSync(join(dir, name)).length : 1;
  }
  return count;
}

/** `npm pack` of the tree at `root` into a new folder under `out` (tarballs of one version share a name); returns the tarball's path. */
function pack(root: string, out: string): string {
  out = mkdtempSync(join(out, 'pack-'));
  const name = execFileSync('npm', ['pack', '--silent', '--ignore-scripts', '--pack-destination', out], {
    cwd: root,
    encoding: 'utf8',
  })
    .trim()
    .split('\n')
    .pop()!;
  return join(out, name);
}

/** A fresh project with `packages` installed from the registry (and the tarball). */
function install(packages: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'svc-admin-spec-install-'));
  writeFileSync(join(dir, 'package.json'), '{ "name": "user", "private": true }\n');
  writeFileSync(join(dir, 'link.yaml'), LINK);
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--silent', ...packages], { cwd: dir, stdio: 'inherit' });
  return dir;
}

/** Wall time (ms) of one `node args` run in `cwd`. */
function runMs(cwd: string, args: readonly string[]): number {
  const start = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, { cwd, encoding: 'utf8' });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (r.status !== 0 && r.status !== 1) throw new Error(`node ${args.join(' ')}: exit ${r.status}\n${r.stderr}`);
  return ms;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** One build installed as each kind of user: where, and the command each user's start runs. */
interface Installed {
  build: string;
  plain: string;
  withClient: string;
}

/** What each kind of user runs first, and which install it runs in. */
const USERS: { user: string; dir: (i: Installed) => string; args: (i: Installed) => string[] }[] = [
  {
    user: 'CLI: `svc-admin-spec lint link.yaml`',
    dir: (i) => i.plain,
    args: (i) => [join(i.plain, 'node_modules', 'svc-admin-spec', 'dist', 'cli.cjs'), 'lint', 'link.yaml'],
  },
  {
    user: "library: `require('svc-admin-spec')` + lint",
    dir: (i) => i.plain,
    args: () => ['-e', "const { lint } = require('svc-admin-spec'); lint('GetBrokerRequest', {})"],
  },
  {
    user: "client: `require('svc-admin-spec/client')`",
    dir: (i) => i.withClient,
    args: () => ['-e', "require('svc-admin-spec/client')"],
  },
];

interface Row {
  user: string;
  build: string;
  bytes: number;
  packages: number;
  startMs: number;
}

/**
 * Measures every build for each kind of user; the builds' runs alternate (a, b, a, b, …), so that
 * the machine's load and the file cache weigh on all alike. The first run of each (which writes the
 * command's code cache) is not counted.
 */
function measure(builds: Installed[]): Row[] {
  const rows: Row[] = [];
  for (const u of USERS) {
    const times = builds.map(() => [] as number[]);
    builds.forEach((b) => runMs(u.dir(b), u.args(b)));
    for (let run = 0; run < RUNS; run++) builds.forEach((b, i) => times[i]!.push(runMs(u.dir(b), u.args(b))));
    builds.forEach((b, i) => {
      const modules = join(u.dir(b), 'node_modules');
      rows.push({
        user: u.user,
        build: b.build,
        bytes: bytesUnder(modules),
        packages: packagesUnder(modules),
        startMs: median(times[i]!),
      });
    });
  }
  return rows;
}

/** The tarball of `rev`, built in a temporary worktree that borrows this tree's node_modules. */
function packRevision(rev: string, out: string): string {
  const tree = join(out, `rev-${rev.replace(/[^\w.-]/g, '_')}`);
  execFileSync('git', ['worktree', 'add', '-q', '--detach', tree, rev], { cwd: ROOT });
  try {
    symlinkSync(join(ROOT, 'node_modules'), join(tree, 'node_modules'));
    execFileSync('npm', ['run', '-s', 'build'], { cwd: tree, stdio: 'ignore' });
    return pack(tree, out);
  } finally {
    execFileSync('git', ['worktree', 'remove', '--force', tree], { cwd: ROOT });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const at = process.argv.indexOf('--baseline');
  const baseline = at > 0 ? process.argv[at + 1] : undefined;
  if (!existsSync(join(ROOT, 'dist', 'cli.cjs'))) throw new Error('Run `npm run build` first.');
  const out = mkdtempSync(join(tmpdir(), 'svc-admin-spec-pack-'));
  const tarballs: [string, string][] = [
    ...(baseline ? [[baseline, packRevision(baseline, out)] as [string, string]] : []),
    ['this build', pack(ROOT, out)],
  ];
  const builds = tarballs.map(([build, tarball]) => ({
    build,
    plain: install([tarball]),
    withClient: install([tarball, ...CLIENT_PEERS]),
  }));
  const rows = measure(builds);
  const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB`;
  console.log(`node_modules size, and median cold start of ${RUNS} runs (wall, this machine; builds alternate)\n`);
  console.log('| user | build | node_modules | packages | cold start |\n|---|---|---|---|---|');
  for (const r of rows)
    console.log(`| ${r.user} | ${r.build} | ${mb(r.bytes)} | ${r.packages} | ${r.startMs.toFixed(0)} ms |`);
  if (baseline) {
    console.log('\nthis build / baseline:');
    for (let i = 0; i < rows.length; i += 2) {
      const [b, n] = [rows[i]!, rows[i + 1]!];
      console.log(
        `  ${n.user}: size ${(n.bytes / b.bytes).toFixed(2)}×, cold start ${(n.startMs / b.startMs).toFixed(2)}×`,
      );
    }
  }
  for (const b of builds) for (const dir of [b.plain, b.withClient]) rmSync(dir, { recursive: true, force: true });
  rmSync(out, { recursive: true, force: true });
}
