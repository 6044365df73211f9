/**
 * Every file the command writes keeps everything the file had (issue 19 §4), on real files: hard
 * links, owner and group, mode, ACLs and extended attributes; a read-only file is skipped (exit 2);
 * a signal leaves no temporary file; an edit made meanwhile is kept; a file reached by two paths
 * is fixed and reported once, and the count of fixable problems is what --fix applies.
 * ACLs and extended attributes are set and read with Debian's acl and attr (setfacl, getfacl,
 * setfattr, getfattr): CI installs them and sets SVC_REQUIRE_ACL=1, so there those tests must run;
 * elsewhere they are skipped, saying so. Owner tests need root (they chown to another user): skipped,
 * saying so, when not root, and failing where SVC_REQUIRE_ACL=1 (CI runs as root).
 */
import { spawn, spawnSync } from 'node:child_process';
import * as nodeFs from 'node:fs';
import {
  chmodSync,
  chownSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it, type TestContext } from 'vitest';
import { createFileAtomic, FileAccessError, writeFileAtomic, type FileSystem } from '../src/config/fs-safe';
import { CLI, cli, report, scratch } from './cli-helpers';
import { runInProcess } from './run-helpers';

const required = process.env['SVC_REQUIRE_ACL'] === '1';
const aclTools = ['setfacl', 'getfacl', 'setfattr', 'getfattr'].every(
  (tool) => spawnSync(tool, ['--version']).status === 0,
);
/** The scratch file system takes user extended attributes and ACLs (tmpfs or ext4 do; some do not). */
const supported =
  aclTools &&
  (() => {
    const dir = scratch({ probe: '' });
    const file = join(dir, 'probe');
    return (
      spawnSync('setfattr', ['-n', 'user.probe', '-v', '1', file]).status === 0 &&
      spawnSync('setfacl', ['-m', 'u:nobody:r', file]).status === 0
    );
  })();
if (!supported)
  console.warn(
    `writes: the ACL and extended attribute tests are skipped: ${aclTools ? 'the scratch file system refuses them' : 'setfacl/setfattr are not installed (apt-get install acl attr)'}`,
  );
const withAcl = supported || required;
const isRoot = process.getuid?.() === 0;
const setpriv = spawnSync('setpriv', ['--version']).status === 0;

if (!isRoot && !required)
  console.warn(
    'writes: not root: the owner tests are skipped, and the metadata property keeps the owner (they chown to another user)',
  );

/**
 * True when the tests cannot chown a file to another user (not root); where SVC_REQUIRE_ACL=1 (CI,
 * which runs as root) that is a failure instead, so the owner tests never pass unrun.
 */
function withoutRoot(): boolean {
  if (isRoot) return false;
  if (required)
    throw new Error('SVC_REQUIRE_ACL=1 but the tests do not run as root: the owner tests chown to another user.');
  return true;
}

/** Skips an owner test, saying why, when not root (see `withoutRoot`). */
function needsRoot(ctx: TestContext): void {
  ctx.skip(withoutRoot(), 'needs root: it chowns a file to another user');
}

const NOBODY = 65534;

const LINK = 'name: x\nconfigurations:\n  clientOptions:\n    bootstrapServers: [a:1]\n';
const FIXABLE = `${LINK}  topicMetadataSyncOptions:\n    interval: 30 # seconds\n`;
const FIXED = FIXABLE.replace('interval: 30 #', 'interval: 30s #');

const run = (tool: string, args: string[]) => {
  const r = spawnSync(tool, args, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${tool} ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
};
/** Everything getfattr sees on a file: user attributes and the ACL (system.posix_acl_access), by name. */
const attributes = (file: string) =>
  run('getfattr', ['--absolute-names', '-d', '-m', '-', '-e', 'hex', file]).split('\n').slice(1).join('\n');
const acl = (file: string) => run('getfacl', ['--absolute-names', '--omit-header', file]);

/** What a file has that a write must keep (its inode is kept only where the test says so). */
const metadata = (file: string) => {
  const s = statSync(file);
  return { mode: s.mode & 0o7777, uid: s.uid, gid: s.gid, nlink: s.nlink };
};

const fix = (dir: string, ...args: string[]) => runInProcess(['lint', '--fix', '-f', 'json', ...args], { cwd: dir });

describe('a fix keeps what the file has', () => {
  it.runIf(required)(
    'has the acl and attr tools and a file system that takes ACLs and xattrs where required (CI)',
    () => {
      expect(aclTools, 'apt-get install acl attr').toBe(true);
      expect(supported, 'the scratch file system refuses user xattrs or ACLs').toBe(true);
    },
  );

  it('a hard-linked file is written in place: one inode, every name sees the fix, nothing left beside it', async () => {
    const dir = scratch({ 'a.yaml': FIXABLE });
    mkdirSync(join(dir, 'other'));
    linkSync(join(dir, 'a.yaml'), join(dir, 'other', 'b.yaml'));
    const ino = statSync(join(dir, 'a.yaml')).ino;
    const r = await fix(dir, 'a.yaml');
    expect(r.code).toBe(0);
    expect(statSync(join(dir, 'a.yaml')).ino).toBe(ino);
    expect(statSync(join(dir, 'a.yaml')).nlink).toBe(2);
    expect(readFileSync(join(dir, 'other', 'b.yaml'), 'utf8')).toBe(FIXED);
    expect(readdirSync(dir).sort()).toEqual(['a.yaml', 'other']);
  });

  it('the mode is kept, set-group-id and sticky bits too', async () => {
    for (const mode of [0o600, 0o640, 0o664, 0o604, 0o2640, 0o1644]) {
      const dir = scratch({ 'a.yaml': FIXABLE });
      chmodSync(join(dir, 'a.yaml'), mode);
      expect((await fix(dir, 'a.yaml')).code).toBe(0);
      expect(readFileSync(join(dir, 'a.yaml'), 'utf8')).toBe(FIXED);
      expect(statSync(join(dir, 'a.yaml')).mode & 0o7777, mode.toString(8)).toBe(mode);
    }
  });

  it('owner and group are kept (root, on a file of another user; skipped when not root)', async (ctx) => {
    needsRoot(ctx);
    const dir = scratch({ 'a.yaml': FIXABLE });
    chownSync(join(dir, 'a.yaml'), NOBODY, 100);
    expect((await fix(dir, 'a.yaml')).code).toBe(0);
    expect(readFileSync(join(dir, 'a.yaml'), 'utf8')).toBe(FIXED);
    expect(metadata(join(dir, 'a.yaml'))).toMatchObject({ uid: NOBODY, gid: 100 });
  });

  it.runIf(withAcl)('an ACL is kept', async () => {
    const dir = scratch({ 'a.yaml': FIXABLE });
    const file = join(dir, 'a.yaml');
    run('setfacl', ['-m', 'u:nobody:r,g:users:rw', file]);
    const before = acl(file);
    expect(before).toContain('user:nobody:r--');
    expect((await fix(dir, 'a.yaml')).code).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(FIXED);
    expect(acl(file)).toBe(before);
    expect(readdirSync(dir)).toEqual(['a.yaml']);
  });

  it.runIf(withAcl)('extended attributes are kept, binary values too', async () => {
    const dir = scratch({ 'a.yaml': FIXABLE });
    const file = join(dir, 'a.yaml');
    run('setfattr', ['-n', 'user.origin', '-v', 'ticket-42', file]);
    run('setfattr', ['-n', 'user.bin', '-v', '0x00ff10', file]);
    const before = attributes(file);
    expect(before).toContain('user.origin=');
    expect((await fix(dir, 'a.yaml')).code).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(FIXED);
    expect(attributes(file)).toBe(before);
  });

  it.runIf(withAcl)(
    'where attributes cannot be copied (no GNU cp), the file is written in place and keeps them',
    () => {
      const dir = scratch({ 'a.yaml': FIXABLE });
      const file = join(dir, 'a.yaml');
      run('setfattr', ['-n', 'user.k', '-v', 'v', file]);
      run('setfacl', ['-m', 'u:nobody:r', file]);
      const before = { attributes: attributes(file), ino: statSync(file).ino };
      writeFileAtomic(file, FIXED, { expected: Buffer.from(FIXABLE), copyAttributes: () => false });
      expect(readFileSync(file, 'utf8')).toBe(FIXED);
      expect({ attributes: attributes(file), ino: statSync(file).ino }).toEqual(before);
      expect(readdirSync(dir)).toEqual(['a.yaml']);
    },
  );

  it('another user who may write the file but cannot give a new one its owner writes it in place; one who may not write it is refused (root and setpriv; skipped otherwise)', (ctx) => {
    needsRoot(ctx);
    ctx.skip(!setpriv, 'needs setpriv (util-linux) to run the command as another user');
    const dir = scratch({ 'group.yaml': FIXABLE, 'root.yaml': FIXABLE });
    chmodSync(dir, 0o777);
    chownSync(join(dir, 'group.yaml'), 0, 100);
    chmodSync(join(dir, 'group.yaml'), 0o664);
    chmodSync(join(dir, 'root.yaml'), 0o644);
    const ino = statSync(join(dir, 'group.yaml')).ino;
    const r = spawnSync(
      'setpriv',
      [
        `--reuid=${NOBODY}`,
        `--regid=${NOBODY}`,
        '--groups=100',
        process.execPath,
        CLI,
        'lint',
        '--fix',
        '-f',
        'json',
        '.',
      ],
      { cwd: dir, encoding: 'utf8', env: { PATH: process.env['PATH'] ?? '' } },
    );
    expect(r.status, r.stderr).toBe(2);
    expect(readFileSync(join(dir, 'group.yaml'), 'utf8')).toBe(FIXED);
    expect(statSync(join(dir, 'group.yaml'))).toMatchObject({ ino, uid: 0, gid: 100 });
    // Before, a rename in the writable directory replaced root's file by one of nobody's.
    expect(readFileSync(join(dir, 'root.yaml'), 'utf8')).toBe(FIXABLE);
    expect(statSync(join(dir, 'root.yaml')).uid).toBe(0);
    const findings = report({ code: r.status, stdout: r.stdout, stderr: r.stderr }).results;
    expect(findings.map((f) => [f.file, f.diagnostics.map((d) => d.code)])).toEqual([
      ['group.yaml', []],
      ['root.yaml', ['input/unwritable']],
    ]);
    expect(findings[1]!.diagnostics[0]!.message).toMatch(
      /root\.yaml is read-only for this user \(no write permission\); it was not written\. No fix was written to this file\.$/,
    );
    expect(readdirSync(dir).sort()).toEqual(['group.yaml', 'root.yaml']);
  });
});

describe('a read-only file is not rewritten', () => {
  it('mode 0444: skipped with a message, exit 2, byte for byte unchanged; the other files are fixed', async () => {
    const dir = scratch({ 'ro.yaml': FIXABLE, 'rw.yaml': FIXABLE });
    chmodSync(join(dir, 'ro.yaml'), 0o444);
    const r = await fix(dir, 'ro.yaml', 'rw.yaml');
    expect(r.code).toBe(2);
    const [ro, rw] = report(r).results;
    expect(ro!.diagnostics.map((d) => [d.code, d.message])).toEqual([
      [
        'input/unwritable',
        `${join(dir, 'ro.yaml')} is read-only (mode 0444); it was not written. No fix was written to this file.`,
      ],
    ]);
    expect(rw!.diagnostics).toEqual([]);
    expect(readFileSync(join(dir, 'ro.yaml'), 'utf8')).toBe(FIXABLE);
    expect(statSync(join(dir, 'ro.yaml')).mode & 0o777).toBe(0o444);
    expect(readFileSync(join(dir, 'rw.yaml'), 'utf8')).toBe(FIXED);
  });

  it('a read-only report or ignore file is not replaced either (exit 2)', async () => {
    const dir = scratch({
      'a.yaml': FIXABLE,
      'out.json': 'old report\n',
      '.svc-admin-spec-ignore.json': '{"version":1,"ignores":[]}\n',
    });
    chmodSync(join(dir, 'out.json'), 0o444);
    const o = await runInProcess(['lint', '-f', 'json', '-o', 'out.json', 'a.yaml'], { cwd: dir });
    expect(o.code).toBe(2);
    expect(o.stderr).toMatch(
      /Cannot write the report to out\.json: .*out\.json is read-only \(mode 0444\); it was not written\./,
    );
    expect(readFileSync(join(dir, 'out.json'), 'utf8')).toBe('old report\n');
    chmodSync(join(dir, '.svc-admin-spec-ignore.json'), 0o444);
    const w = await runInProcess(['lint', '--write-ignore-file', 'a.yaml'], { cwd: dir });
    expect(w.code).toBe(2);
    expect(w.stderr).toMatch(/Cannot write the ignore file: .* is read-only \(mode 0444\); it was not written\./);
    expect(readFileSync(join(dir, '.svc-admin-spec-ignore.json'), 'utf8')).toBe('{"version":1,"ignores":[]}\n');
  });
});

describe('a signal during --fix', () => {
  /** Runs the real command on `n` fixable files, sends the signal once a file is fixed, and waits for it to end. */
  async function killDuringFix(signal: NodeJS.Signals, n: number) {
    const files: Record<string, string> = {};
    for (let i = 0; i < n; i++) files[`f${String(i).padStart(4, '0')}.yaml`] = FIXABLE;
    const dir = scratch(files);
    const child = spawn(process.execPath, [CLI, 'lint', '--fix', '-f', 'json', '.'], {
      cwd: dir,
      stdio: 'ignore',
      env: { PATH: process.env['PATH'] ?? '', SVC_ADMIN_SPEC_NO_CACHE: '1' },
    });
    const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.on('exit', (code, signal) => resolve({ code, signal })),
    );
    // Files are fixed in order: once the first is, the command is writing.
    while (child.exitCode === null && readFileSync(join(dir, 'f0000.yaml'), 'utf8') === FIXABLE)
      await new Promise((resolve) => setTimeout(resolve, 5));
    child.kill(signal);
    return { dir, ...(await ended) };
  }

  for (const [signal, n] of [
    ['SIGTERM', 15],
    ['SIGINT', 2],
  ] as const) {
    it(`${signal} stops the command with 128+${n}: no temporary file left, every file whole (old or fixed)`, async () => {
      const { dir, code, signal: got } = await killDuringFix(signal, 600);
      // The command died of the signal (a shell shows 128+n), before it had fixed every file.
      expect({ code, signal: got }).toEqual({ code: null, signal });
      const names = readdirSync(dir);
      expect(names.filter((name) => !/^f\d{4}\.yaml$/.test(name))).toEqual([]);
      expect(names).toHaveLength(600);
      const contents = names.map((name) => readFileSync(join(dir, name), 'utf8'));
      for (const text of contents) expect([FIXABLE, FIXED]).toContain(text);
      expect(contents.filter((t) => t === FIXED).length).toBeGreaterThan(0);
      expect(contents.filter((t) => t === FIXABLE).length).toBeGreaterThan(0);
    });
  }
});

describe('an edit made while --fix runs is never lost', () => {
  const EDITED = `${FIXABLE}# saved by an editor meanwhile\n`;

  /** A file system that saves the edit (as an editor would) at the given step of the write. */
  function editAt(path: string, step: keyof FileSystem, how: 'write' | 'rename' = 'write'): FileSystem {
    const real = nodeFs[step] as (...args: unknown[]) => unknown;
    let done = false;
    return {
      ...nodeFs,
      [step]: (...args: unknown[]) => {
        const result = real(...args);
        if (!done) {
          done = true;
          if (how === 'write') writeFileSync(path, EDITED);
          else {
            // Saved as editors do: a new file renamed over it (here with the content read).
            writeFileSync(`${path}.swp`, FIXABLE);
            nodeFs.renameSync(`${path}.swp`, path);
          }
        }
        return result;
      },
    };
  }

  it('an edit at any step before the rename: not written (changed), the edit kept, no temporary file', () => {
    for (const step of ['openSync', 'writeSync', 'chmodSync', 'fstatSync', 'fsyncSync', 'closeSync'] as const) {
      for (const how of ['write', 'rename'] as const) {
        const dir = scratch({ 'a.yaml': FIXABLE });
        const path = join(dir, 'a.yaml');
        let error: unknown;
        try {
          writeFileAtomic(path, FIXED, { expected: Buffer.from(FIXABLE), fs: editAt(path, step, how) });
        } catch (e) {
          error = e;
        }
        expect(error, `${step} ${how}`).toBeInstanceOf(FileAccessError);
        expect((error as FileAccessError).code).toBe('changed');
        expect(readFileSync(path, 'utf8')).toBe(how === 'write' ? EDITED : FIXABLE);
        expect(readdirSync(dir)).toEqual(['a.yaml']);
      }
    }
  });

  it('in place (a hard-linked file): an edit before the compare is kept, and the safety copy is removed', () => {
    for (const step of ['openSync', 'fstatSync'] as const) {
      const dir = scratch({ 'a.yaml': FIXABLE });
      const path = join(dir, 'a.yaml');
      linkSync(path, join(dir, 'b.yaml'));
      expect(() => writeFileAtomic(path, FIXED, { expected: Buffer.from(FIXABLE), fs: editAt(path, step) })).toThrow(
        expect.objectContaining({
          code: 'changed',
          message: `${path} changed on disk since it was read; it was not written.`,
        }),
      );
      expect(readFileSync(join(dir, 'b.yaml'), 'utf8')).toBe(EDITED);
      expect(readdirSync(dir).sort()).toEqual(['a.yaml', 'b.yaml']);
    }
  });

  it('a failure at any call of an in-place write leaves the file byte for byte intact and nothing beside it', () => {
    for (const step of ['openSync', 'fstatSync', 'readSync', 'writeSync', 'ftruncateSync', 'fsyncSync'] as const) {
      for (const nth of [1, 2, 3]) {
        const dir = scratch({ 'a.yaml': FIXABLE });
        const path = join(dir, 'a.yaml');
        linkSync(path, join(dir, 'b.yaml'));
        let calls = 0;
        const real = nodeFs[step] as (...args: unknown[]) => unknown;
        const failing: FileSystem = {
          ...nodeFs,
          [step]: (...args: unknown[]) => {
            if (++calls === nth) throw Object.assign(new Error('ENOSPC: injected'), { code: 'ENOSPC' });
            return real(...args);
          },
        };
        let error: unknown;
        try {
          writeFileAtomic(path, `${FIXED}# longer than before\n`, { expected: Buffer.from(FIXABLE), fs: failing });
        } catch (e) {
          error = e;
        }
        // A step called fewer than nth times does not fail: then the write succeeded.
        if (calls < nth) {
          expect(error, `${step} ${nth}`).toBeUndefined();
          expect(readFileSync(join(dir, 'b.yaml'), 'utf8')).toBe(`${FIXED}# longer than before\n`);
        } else {
          expect((error as Error).message, `${step} ${nth}`).toMatch(
            /a\.yaml could not be written \(the disk is full\); it is unchanged\.$/,
          );
          expect(readFileSync(join(dir, 'b.yaml'), 'utf8'), `${step} ${nth}`).toBe(FIXABLE);
        }
        expect(readdirSync(dir).sort(), `${step} ${nth}`).toEqual(['a.yaml', 'b.yaml']);
      }
    }
  });
});

describe('a file reached by two paths', () => {
  it('is fixed once and reported once (symbolic links to it, named and found in a walk)', async () => {
    const dir = scratch({ 'real/a.yaml': FIXABLE });
    mkdirSync(join(dir, 'links'));
    symlinkSync(join(dir, 'real', 'a.yaml'), join(dir, 'links', 'one.yaml'));
    symlinkSync(join(dir, 'real', 'a.yaml'), join(dir, 'links', 'two.yaml'));
    const r = await fix(dir, 'links', 'real/a.yaml');
    expect(r.code).toBe(0);
    expect(report(r).results.map((x) => [x.file, x.diagnostics])).toEqual([['links/one.yaml', []]]);
    expect(r.stderr).toBe(
      'svc-admin-spec: links/two.yaml was not linted: it is the same file as links/one.yaml, which is linted once.\n' +
        'svc-admin-spec: real/a.yaml was not linted: it is the same file as links/one.yaml, which is linted once.\n',
    );
    expect(readFileSync(join(dir, 'real', 'a.yaml'), 'utf8')).toBe(FIXED);
  });

  it('the count of fixable problems counts it once, and is what --fix then applies', () => {
    const dir = scratch({ 'a.yaml': FIXABLE });
    symlinkSync(join(dir, 'a.yaml'), join(dir, 'b.yaml'));
    const r = cli(['lint', '--no-color', '.'], { cwd: dir });
    expect(r.stdout).toMatch(
      /✖ 1 problem \(1 error, 0 warnings, 0 infos\) in 1 file\n {2}1 problem can be fixed with the `--fix` option\.\n$/,
    );
  });
});

describe('the count of fixable problems is exact', () => {
  // Two fixable durations; the one behind an anchor that another place uses is not fixed.
  const anchored = `${LINK}  topicMetadataSyncOptions:\n    interval: &iv 30\n  consumerOffsetSyncOptions:\n    interval: *iv\n  securitySyncOptions:\n    interval: 45\n`;

  it('a fix --fix would skip (a YAML anchor) is not counted; the count is the number of findings --fix removes', () => {
    const dir = scratch({ 'a.yaml': anchored });
    const before = cli(['lint', '--no-color', '-f', 'json', 'a.yaml'], { cwd: dir });
    const count = (text: string) => Number(/(\d+) problems? can be fixed/.exec(text)?.[1] ?? 0);
    const said = count(cli(['lint', '--no-color', 'a.yaml'], { cwd: dir }).stdout);
    expect(count(cli(['lint', '--no-color', '--fix-dry-run', 'a.yaml'], { cwd: dir }).stdout)).toBe(said);
    const after = cli(['lint', '--fix', '-f', 'json', 'a.yaml'], { cwd: dir });
    const left = report(after).results[0]!.diagnostics;
    expect(report(before).results[0]!.diagnostics.length - left.length).toBe(said);
    expect(said).toBe(1);
    expect(readFileSync(join(dir, 'a.yaml'), 'utf8')).toBe(anchored.replace('interval: 45', 'interval: 45s'));
  });
});

describe('property: a write keeps every combination of metadata', () => {
  it.runIf(withAcl)('mode, owner (as root), extended attributes, ACL, hard link, with and without GNU cp', () => {
    // Another owner takes root: without it the rest is varied (and the file's start said so).
    const otherOwners = !withoutRoot();
    fc.assert(
      fc.property(
        fc.constantFrom(0o600, 0o640, 0o644, 0o660, 0o664, 0o604, 0o2664, 0o1600),
        fc.uniqueArray(fc.tuple(fc.constantFrom('a', 'b', 'origin', 'x.y'), fc.stringMatching(/^[a-z0-9]{1,12}$/)), {
          maxLength: 3,
          selector: ([name]) => name,
        }),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        fc.string({ maxLength: 200 }),
        (mode, xattrs, withAclEntry, hardLink, otherOwner, cpAvailable, content) => {
          const dir = scratch({ 'f.yaml': 'old content\n' });
          const file = join(dir, 'f.yaml');
          if (hardLink) linkSync(file, join(dir, 'link.yaml'));
          for (const [name, value] of xattrs) run('setfattr', ['-n', `user.${name}`, '-v', value, file]);
          if (withAclEntry) run('setfacl', ['-m', 'u:nobody:r', file]);
          chmodSync(file, mode);
          if (otherOwner && otherOwners) chownSync(file, NOBODY, 100);
          const before = { ...metadata(file), attributes: attributes(file), acl: acl(file), ino: statSync(file).ino };
          writeFileAtomic(file, content, {
            expected: Buffer.from('old content\n'),
            ...(cpAvailable ? {} : { copyAttributes: () => false }),
          });
          expect(readFileSync(file, 'utf8')).toBe(content);
          const after = { ...metadata(file), attributes: attributes(file), acl: acl(file), ino: statSync(file).ino };
          // A new inode only where a rename could carry everything.
          expect(after).toEqual({ ...before, ino: hardLink || !cpAvailable ? before.ino : after.ino });
          if (hardLink) expect(readFileSync(join(dir, 'link.yaml'), 'utf8')).toBe(content);
          expect(readdirSync(dir).sort()).toEqual(hardLink ? ['f.yaml', 'link.yaml'] : ['f.yaml']);
        },
      ),
      { seed: 20261128, numRuns: 40 },
    );
  });
});

describe('a new file (init)', () => {
  it('is created whole and never replaces a file of that name, leaving no temporary file', () => {
    const dir = scratch({ 'taken.yaml': 'mine\n' });
    createFileAtomic(join(dir, 'new.yaml'), 'fresh\n');
    expect(readFileSync(join(dir, 'new.yaml'), 'utf8')).toBe('fresh\n');
    let error: unknown;
    try {
      createFileAtomic(join(dir, 'taken.yaml'), 'theirs\n');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(FileAccessError);
    expect((error as FileAccessError).code).toBe('EEXIST');
    expect(readFileSync(join(dir, 'taken.yaml'), 'utf8')).toBe('mine\n');
    expect(readdirSync(dir).sort()).toEqual(['new.yaml', 'taken.yaml']);
  });
});
