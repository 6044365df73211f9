/**
 * `convert`: rpk's file as the CreateShadowLink request rpk sends, an API link as the file rpk
 * writes, through the built command; errors stop it unless --force; secrets only with -o, in a
 * file of mode 0600; and the round trip rpk → API → rpk → API changes nothing rpk sends.
 */
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringify as toYaml } from 'yaml';
import { cli, ROOT, scratch } from './cli-helpers';
import { readRpkConfig } from '../src/rpk/read';
import { apiToRpk, rpkToApi } from '../src/rpk/mapper';
import { chooser } from './support/fuzz';
import { RPK_CONFIG } from '../src/model/rpk-format';

const corpus = (file: string) => readFileSync(join(ROOT, 'test', 'fixtures', 'real-world', file), 'utf8');

describe('convert', () => {
  it('--to api: the request rpk sends, secrets masked on standard output and written with -o into a 0600 file', () => {
    const dir = scratch({ 'link.rpk.yaml': corpus('rpk.types-test-complete-file-tls.yaml') });
    const expected = { shadowLink: JSON.parse(corpus('ShadowLink.rpk-mapped-types-test-complete.json')) as unknown };
    const shown = cli(['convert', 'link.rpk.yaml', '--to', 'api'], { cwd: dir });
    expect(shown.code).toBe(0);
    expect(shown.stdout).not.toContain('testpass');
    expect(shown.stderr).toContain('secrets are masked on standard output');
    expect(JSON.parse(shown.stdout)).toEqual(
      JSON.parse(JSON.stringify(expected).replace('"testpass"', '"********"')) as unknown,
    );
    const written = cli(['convert', 'link.rpk.yaml', '--to', 'api', '-o', 'request.json'], { cwd: dir });
    expect(written.code).toBe(0);
    expect(written.stdout).toBe('');
    expect(JSON.parse(readFileSync(join(dir, 'request.json'), 'utf8'))).toEqual(expected);
    expect(statSync(join(dir, 'request.json')).mode & 0o777).toBe(0o600);
    // An existing file keeps its mode.
    writeFileSync(join(dir, 'kept.json'), '{}', { mode: 0o640 });
    cli(['convert', 'link.rpk.yaml', '--to', 'api', '-o', 'kept.json'], { cwd: dir });
    expect(statSync(join(dir, 'kept.json')).mode & 0o777).toBe(0o640);
  });

  it('--to rpk: the file rpk writes for an API link, which rpk reads back as the same link', () => {
    const dir = scratch();
    const run = cli(['convert', join(ROOT, 'examples', 'good', 'dr-link.yaml'), '--to', 'rpk', '-o', 'out.rpk.yaml'], {
      cwd: dir,
    });
    expect(run.code).toBe(0);
    const text = readFileSync(join(dir, 'out.rpk.yaml'), 'utf8');
    const read = readRpkConfig(text);
    expect(read.errors).toEqual([]);
    expect(read.dropped).toEqual([]);
    // The example's password is a ${NAME} placeholder: rpk would send it as written, and says so.
    expect(run.stderr).toContain('rpk/literal-placeholder');
    const again = cli(['convert', 'out.rpk.yaml', '--to', 'api', '-o', 'back.json'], { cwd: dir });
    expect(again.code).toBe(0);
    const link = (JSON.parse(readFileSync(join(dir, 'back.json'), 'utf8')) as { shadowLink: unknown }).shadowLink;
    // Back to the API: the very link rpk sends for the file written.
    expect(link).toEqual(rpkToApi(read.value, '26.1').value);
  });

  it('times in every RFC 3339 spelling: rpk writes them in UTC, and the API gets every nanosecond back', () => {
    const link = (ts: string) =>
      JSON.stringify({
        name: 'dr-link',
        configurations: {
          clientOptions: { bootstrapServers: ['a:9092'] },
          topicMetadataSyncOptions: { startAtTimestamp: ts },
        },
      });
    for (const [ts, goTime, api] of [
      ['2024-01-01T10:00:00-05:00', '2024-01-01T15:00:00Z', '2024-01-01T15:00:00Z'],
      ['2024-01-01T10:00:00.5Z', '2024-01-01T10:00:00.5Z', '2024-01-01T10:00:00.500Z'],
      ['2024-01-01T10:00:00.000Z', '2024-01-01T10:00:00Z', '2024-01-01T10:00:00Z'],
      ['2024-01-01t10:00:00z', '2024-01-01T10:00:00Z', '2024-01-01T10:00:00Z'],
      ['2024-01-01T10:00:00.123456789+02:00', '2024-01-01T08:00:00.123456789Z', '2024-01-01T08:00:00.123456789Z'],
      ['2024-01-01T10:00:00.1234Z', '2024-01-01T10:00:00.1234Z', '2024-01-01T10:00:00.123400Z'],
    ] as const) {
      const dir = scratch({ 'link.json': link(ts) });
      const toRpk = cli(['convert', 'link.json', '--to', 'rpk', '-o', 'link.rpk.yaml'], { cwd: dir });
      expect(toRpk.code, `${ts}: ${toRpk.stderr}`).toBe(0);
      expect(readFileSync(join(dir, 'link.rpk.yaml'), 'utf8')).toContain(`start_at_timestamp: "${goTime}"`);
      const back = cli(['convert', 'link.rpk.yaml', '--to', 'api'], { cwd: dir });
      expect(back.code, back.stderr).toBe(0);
      const sent = JSON.parse(back.stdout) as {
        shadowLink: { configurations: { topicMetadataSyncOptions: { startAtTimestamp: string } } };
      };
      expect(sent.shadowLink.configurations.topicMetadataSyncOptions.startAtTimestamp, ts).toBe(api);
    }
  });

  it('says what rpk cannot hold and where it cannot write, and never writes over the file it converts', () => {
    const dir = scratch({
      'long.json': JSON.stringify({
        name: 'dr-link',
        configurations: {
          clientOptions: { bootstrapServers: ['a:9092'] },
          topicMetadataSyncOptions: { interval: '315576000000s' },
        },
      }),
      'link.rpk.yaml': corpus('rpk.types-test-minimal.yaml'),
    });
    const long = cli(['convert', 'long.json', '--to', 'rpk'], { cwd: dir });
    expect([long.code, long.stderr]).toEqual([
      1,
      'svc-admin-spec: long.json cannot be written as an rpk file: the Duration "315576000000s" is longer than a Go duration can hold (about 292 years).\n',
    ]);
    const same = cli(['convert', 'link.rpk.yaml', '--to', 'api', '-o', 'link.rpk.yaml'], { cwd: dir });
    expect(same.code).toBe(2);
    expect(same.stderr).toContain('-o link.rpk.yaml is the file being converted');
    expect(readFileSync(join(dir, 'link.rpk.yaml'), 'utf8')).toBe(corpus('rpk.types-test-minimal.yaml'));
    const intoDir = cli(['convert', 'link.rpk.yaml', '--to', 'api', '-o', '.'], { cwd: dir });
    expect(intoDir.code).toBe(2);
    expect(intoDir.stderr).toMatch(/^svc-admin-spec: cannot write \.: .* is a directory/);
    expect(intoDir.stderr).not.toContain('internal error');
  });

  it('stops on errors unless --force, and refuses the wrong direction', () => {
    const bad = join(ROOT, 'examples', 'bad', 'shadow-link.rpk.yaml');
    const stopped = cli(['convert', bad, '--to', 'api']);
    expect([stopped.code, stopped.stdout]).toEqual([1, '']);
    // rpk's own findings can be suppressed (a directive or an ignore entry names them), so that is offered.
    expect(stopped.stderr).toContain(
      'has errors (above): not converted; fix them, suppress them as for lint, or use --force.',
    );
    expect(stopped.stderr).toContain('rpk/unmapped-enum');
    const forced = cli(['convert', bad, '--to', 'api', '--force']);
    expect(forced.code).toBe(1);
    expect(JSON.parse(forced.stdout)).toHaveProperty('shadowLink.name', 'dr-link');
    const wrong = cli(['convert', bad, '--to', 'rpk']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('is not a ShadowLink or CreateShadowLink request');
  });

  it('round trip: rpk → API → rpk → API sends the same link, on 500 generated files rpk reads', () => {
    const pick = chooser(18_0002);
    const values = ['x', 'orders.', 'LITERAL', 'PREFIX', 'INCLUDE', 'EXCLUDE', 'TOPIC', 'PREFIXED', 'READ', 'ALLOW'];
    const durations = ['30s', '1m30s', '500ms', '0s', '2h', '1.5s'];
    let checked = 0;
    for (let n = 0; n < 500; n++) {
      // A random value of rpk's structs, through the YAML writer and rpk's reader.
      const build = (t: (typeof RPK_CONFIG)['fields'][number]['type'], depth: number): unknown => {
        switch (t.kind) {
          case 'string':
            return t.values ? t.values[pick(t.values.length)] : values[pick(values.length)];
          case 'bool':
            return pick(2) === 0;
          case 'int32':
            return pick(3) === 0 ? 0 : pick(100000);
          case 'duration':
            return durations[pick(durations.length)];
          case 'time':
            return '2024-01-01T00:00:00Z';
          case 'slice':
            return Array.from({ length: pick(3) }, () => build(t.of, depth + 1));
          case 'ptr':
            return depth > 4 || pick(3) === 0 ? undefined : build(t.to, depth + 1);
          case 'struct': {
            const o: Record<string, unknown> = {};
            for (const f of t.fields) if (pick(2) === 0 && f.key !== 'cloud_options') o[f.key] = build(f.type, depth);
            return o;
          }
        }
      };
      const text = toYaml(build(RPK_CONFIG, 0), { version: '1.1' });
      const first = readRpkConfig(text);
      if (first.errors.length > 0) continue;
      const api = rpkToApi(first.value, '26.1').value;
      const back = readRpkConfig(toYaml(apiToRpk(api, '26.1'), { version: '1.1' }));
      expect(back.errors, text).toEqual([]);
      expect(rpkToApi(back.value, '26.1').value, text).toEqual(api);
      checked++;
    }
    expect(checked).toBeGreaterThan(400);
  });
});
