/**
 * rpk config files linted as rpk reads them: each `rpk/` code where rpk refuses, drops or changes
 * what is written, at the key or value in the file, in rpk's names; nothing on what rpk reads as
 * written; secrets never shown. Facts: ../shared/rpk.md and rpk's types.go, create.go, mapper.go.
 */
import { describe, expect, it } from 'vitest';
import { applyFixes, defineRule, fixText, lintText, type Diagnostic } from '../src/index';
import { readRpkConfig } from '../src/rpk/read';
import { deepLists, laughs, mergeBomb } from './support/rpk-hostile';
import { rpkFindings } from '../src/rpk/findings';
import { rpkToApi } from '../src/rpk/mapper';
import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { parse as parseYaml } from 'yaml';
import { join } from 'node:path';

const GOOD = `name: dr-link
client_options:
  bootstrap_servers: [kafka-1:9092]
  authentication_configuration:
    scram_configuration:
      username: shadow
      password: hunter2-secret
      scram_mechanism: SCRAM-SHA-256
topic_metadata_sync_options:
  interval: 30s
  auto_create_shadow_topic_filters:
    - pattern_type: LITERAL
      filter_type: INCLUDE
      name: '*'
  start_at_earliest: {}
security_sync_options:
  acl_filters:
    - resource_filter: {resource_type: TOPIC, pattern_type: PREFIXED, name: app-}
      access_filter: {principal: 'User:app', operation: READ, permission_type: ALLOW}
`;

const lint = (text: string, targetVersion?: '25.3' | '26.1') =>
  lintText(text, { filename: 'shadow-link.yaml', ...(targetVersion ? { targetVersion } : {}) }).diagnostics;
const at = (d: Diagnostic) => `${d.range!.start.line}:${d.range!.start.column}`;

describe('rpk config files', () => {
  it('a file rpk reads as written is of the rpk kind, with no finding', () => {
    const result = lintText(GOOD, { filename: 'shadow-link.yaml' });
    expect(result.kind).toBe('RpkShadowLinkConfig');
    expect(result.diagnostics).toEqual([]);
  });

  it('rpk/refused: what yaml.v2 refuses, in its words, at the value', () => {
    const found = lint(GOOD.replace('interval: 30s', 'interval: "30"\n  paused: "true"'));
    expect(found.map((d) => [d.code, at(d), d.message])).toEqual([
      [
        'rpk/refused',
        '10:13',
        'rpk refuses this file: yaml.v2 says "line 10: cannot unmarshal !!str `30` into time.Duration": write a Go duration with a unit (`30s`, `1m30s`, `500ms`); `1d` and ISO 8601 (`PT30S`) are not Go durations.',
      ],
      [
        'rpk/refused',
        '11:11',
        'rpk refuses this file: yaml.v2 says "line 11: cannot unmarshal !!str `true` into bool": a quoted value is a string to rpk; write the number or true/false without quotes.',
      ],
    ]);
  });

  it('past a type mismatch the rest is judged too (yaml.v2 reads on); after a failure that stops it, not', () => {
    const mismatch = GOOD.replace('interval: 30s', 'interval: "30"').replace(
      'pattern_type: LITERAL',
      'pattern_type: literal',
    );
    expect(lint(mismatch).map((d) => d.code)).toEqual(['rpk/refused', 'rpk/unmapped-enum']);
    const stopped = mismatch.replace('  start_at_earliest: {}', '  start_at_timestamp: "2024-01-01"');
    expect(lint(stopped).map((d) => d.code)).toEqual(['rpk/refused']);
  });

  it('rpk/dropped-key: typos, the API spelling and nesting, keys at the wrong level; a rename where the key is known', () => {
    const text = `${GOOD}exclude_defaults: true\n`.replace(
      '  interval: 30s',
      '  interval: 30s\n  excludeDefault: true\n  pauzed: true',
    );
    const found = lint(text);
    expect(found.map((d) => [d.code, d.pointer, at(d)])).toEqual([
      ['rpk/dropped-key', '/topic_metadata_sync_options/excludeDefault', '11:3'],
      ['rpk/dropped-key', '/topic_metadata_sync_options/pauzed', '12:3'],
      ['rpk/dropped-key', '/exclude_defaults', '22:1'],
    ]);
    expect(found[0]!.message).toContain("`excludeDefault` is the Admin API's spelling; rpk's key is `exclude_default`");
    expect(found[0]!.suggestions?.[0]?.fix).toEqual({
      kind: 'rename-key',
      pointer: '/topic_metadata_sync_options/excludeDefault',
      to: 'exclude_default',
    });
    expect(found[1]!.message).toContain('did you mean `paused`?');
    expect(found[2]!.message).toContain('`exclude_default` is a key of `topic_metadata_sync_options`');
    // A file with `configurations` is an API document by its shape; read as rpk's, the key is explained.
    const [nested] = rpkFindings(readRpkConfig('name: a\nconfigurations: {}\n'), '26.1', '26.1').filter(
      (f) => f.diagnostic.code === 'rpk/dropped-key',
    );
    expect(nested!.diagnostic.message).toContain('the Admin API nests the sync options under `configurations`');
  });

  it('rpk/unmapped-enum: spellings rpk sends as UNSPECIFIED, with rpk spelling when the meaning is clear', () => {
    const text = GOOD.replace('SCRAM-SHA-256', 'SCRAM_SHA_256')
      .replace('pattern_type: LITERAL', 'pattern_type: PREFIXED')
      .replace('filter_type: INCLUDE', 'filter_type: FILTER_TYPE_INCLUDE')
      .replace('resource_type: TOPIC, pattern_type: PREFIXED', 'resource_type: SR_SUBJECT, pattern_type: PREFIX')
      .replace('operation: READ', 'operation: read');
    const found = lint(text);
    expect(found.every((d) => d.code === 'rpk/unmapped-enum' && d.severity === 'error')).toBe(true);
    expect(found.map((d) => [d.pointer.split('/').slice(-1)[0], d.suggestions?.[0]?.fix])).toEqual([
      ['scram_mechanism', expect.objectContaining({ value: 'SCRAM-SHA-256' })],
      ['pattern_type', expect.objectContaining({ value: 'PREFIX' })],
      ['filter_type', expect.objectContaining({ value: 'INCLUDE' })],
      ['resource_type', expect.objectContaining({ value: 'SUBJECT' })],
      ['pattern_type', expect.objectContaining({ value: 'PREFIXED' })],
      ['operation', expect.objectContaining({ value: 'READ' })],
    ]);
    // --fix writes rpk's spellings; rpk then reads the file as written, and the API rules judge what
    // it sends: a "*" filter of PREFIX pattern (PREFIXED was meant as PREFIX) selects nothing.
    const fixed = fixText(text, { filename: 'shadow-link.yaml' });
    expect(fixed.result.diagnostics.map((d) => d.code)).toEqual(['topic-filter-name']);
  });

  it('rpk/nanoseconds: a bare number is nanoseconds, an error when it is plainly seconds, info otherwise', () => {
    const small = lint(GOOD.replace('interval: 30s', 'interval: 30'));
    expect(small.map((d) => [d.code, d.severity, at(d), d.suggestions?.[0]?.fix])).toEqual([
      [
        'rpk/nanoseconds',
        'error',
        '10:13',
        { kind: 'replace-value', pointer: '/topic_metadata_sync_options/interval', value: '30s' },
      ],
    ]);
    const ns = lint(GOOD.replace('interval: 30s', 'interval: 90000000000'));
    expect(ns.map((d) => [d.severity, d.suggestions?.[0]?.fix])).toEqual([
      ['info', { kind: 'replace-value', pointer: '/topic_metadata_sync_options/interval', value: '1m30s' }],
    ]);
  });

  it('rpk/not-sent, rpk/null-marker, rpk/repeated-key', () => {
    const text = GOOD.replace('interval: 30s', 'interval: 0s\n  interval: -1m').replace(
      'start_at_earliest: {}',
      'start_at_earliest:',
    );
    expect(lint(text).map((d) => [d.code, at(d)])).toEqual([
      ['rpk/repeated-key', '11:3'],
      ['rpk/not-sent', '11:13'],
      ['rpk/null-marker', '16:3'],
    ]);
  });

  it('rpk/not-sent only for a zero or negative interval written as such: a null one is not set, as meant', () => {
    for (const v of ['', '~', 'null'])
      expect(lint(GOOD.replace('interval: 30s', `interval: ${v}`)).map((d) => d.code)).toEqual([]);
  });

  it('rpk/truncated: a fraction yaml.v2 drops from a number for an integer or a duration', () => {
    const found = lint(
      GOOD.replace('interval: 30s', 'interval: 1.5').replace(
        'bootstrap_servers: [kafka-1:9092]',
        'bootstrap_servers: [kafka-1:9092]\n  fetch_max_bytes: 1048576.5\n  fetch_min_bytes: 1e3',
      ),
    );
    expect(found.map((d) => [d.code, d.pointer, at(d)])).toEqual([
      ['rpk/truncated', '/client_options/fetch_max_bytes', '4:20'],
      ['rpk/truncated', '/topic_metadata_sync_options/interval', '12:13'],
    ]);
    expect(found[0]!.message).toBe(
      '`client_options.fetch_max_bytes: 1048576.5` is read by rpk as 1048576: yaml.v2 drops the fraction of a number for an integer field without a word. Write the whole number meant.',
    );
    expect(found[1]!.message).toContain('is read by rpk as 1 nanosecond:');
    expect(found[1]!.suggestions?.[0]?.fix).toEqual({
      kind: 'replace-value',
      pointer: '/topic_metadata_sync_options/interval',
      value: '1.5s',
    });
  });

  it("rpk/newer-key: what the target version's rpk does not know yet", () => {
    const text = `${GOOD}role_sync_options:\n  interval: 0s\n`.replace(
      '    scram_configuration:',
      '    plain_configuration: {username: a, password: b}\n    scram_configuration:',
    );
    expect(lint(text, '26.1').map((d) => [d.code, d.pointer])).toEqual([
      ['rpk/invalid', '/client_options/authentication_configuration'],
      ['rpk/newer-key', '/role_sync_options'],
    ]);
    // At 25.3 PLAIN is unknown too (dropped), so "only one of" does not apply.
    expect(lint(text, '25.3').map((d) => [d.code, d.pointer])).toEqual([
      ['rpk/newer-key', '/client_options/authentication_configuration/plain_configuration'],
      ['rpk/newer-key', '/role_sync_options'],
    ]);
  });

  it('rpkVersion: a newer rpk sends what it knows, and a key the target server does not know is said to be ignored there', () => {
    const text = `${GOOD}role_sync_options:\n  interval: 10s\n`;
    const at = (rpkVersion: '25.3' | '26.1' | 'next', targetVersion: '25.3' | '26.1') =>
      lintText(text, { filename: 'a.yaml', rpkVersion, targetVersion }).diagnostics.filter((d) =>
        d.code.startsWith('rpk/'),
      );
    const [dropped] = at('26.1', '26.1');
    expect(dropped!.message).toMatch(/^rpk 26\.1 does not know `role_sync_options` .* drops it/);
    const [ignored, ...rest] = at('next', '26.1');
    expect(rest).toEqual([]);
    expect([ignored!.code, ignored!.pointer]).toEqual(['rpk/newer-key', '/role_sync_options']);
    expect(ignored!.message).toContain('The rpk release after 26.1 sends `role_sync_options`, but a 26.1 server');
    // rpk next checks for client_options itself; 26.1's crashes without it.
    const noClient = 'name: a\ntopic_metadata_sync_options: {}\n';
    const said = (rpkVersion: '26.1' | 'next') =>
      lintText(noClient, { filename: 'a.yaml', rpkVersion }).diagnostics.map((d) => d.message);
    expect(said('26.1')[0]).toContain('rpk 26.1 crashes on a file without `client_options`');
    expect(said('next')[0]).toBe(
      'rpk refuses this file: "invalid Shadow Link configuration: at least one bootstrap server is required".',
    );
    expect(() => lintText(text, { rpkVersion: '27.1' as never })).toThrow(/rpkVersion/);
  });

  it("rpk/invalid: rpk's own checks with its messages, cloud rules included", () => {
    const noName = lint(GOOD.replace('name: dr-link', 'name: ""'));
    expect(noName.map((d) => d.message)).toEqual([
      'rpk refuses this file: "invalid Shadow Link configuration: the Shadow Link name is required".',
    ]);
    const cloud = lint(
      `${GOOD}cloud_options:\n  source_redpanda_id: a\n  shadow_redpanda_id: a\n`.replace(
        '      password: hunter2-secret',
        '      password: ${secrets.PW}',
      ),
    );
    expect(cloud.map((d) => d.message)).toEqual([
      'rpk refuses this file: "invalid Shadow Link configuration: shadow_redpanda_id and source_redpanda_id cannot be the same".',
    ]);
    const plain = lint(`${GOOD}cloud_options:\n  shadow_redpanda_id: b\n`);
    expect(plain.map((d) => [d.code, d.pointer])).toEqual([
      ['rpk/invalid', '/client_options/authentication_configuration/scram_configuration/password'],
    ]);
    const noClient = lint('name: a\ntopic_metadata_sync_options:\n  interval: 30s\n', '26.1');
    expect(noClient.map((d) => d.message)).toEqual([
      'rpk 26.1 crashes on a file without `client_options` (it reads its bootstrap servers without checking that the block is there). Add `client_options` with `bootstrap_servers`.',
    ]);
  });

  it('never shows a secret, whole or its first bytes', () => {
    const text = GOOD.replace('  interval: 30s', '  interval: hunter2-secret').replace(
      'bootstrap_servers: [kafka-1:9092]',
      'bootstrap_servers: [kafka-1:9092]\n  fetch_max_bytes: hunter2-secret',
    );
    const found = lint(text);
    expect(found.some((d) => d.code === 'rpk/refused')).toBe(true);
    for (const d of found) expect(JSON.stringify(d)).not.toMatch(/hunter2|hunter2-/);
    // A secret yaml.v2 refuses before anything holds it (a wrong tag, or where a block is expected):
    // its words quote the value, which is masked by where it is written.
    for (const [from, to] of [
      ['      password: hunter2-secret', '      password: !!int Sekr1t'],
      ['    scram_configuration:\n', '    scram_configuration: Sekr1t!\n    scram_configuratio:\n'],
      [
        '  bootstrap_servers: [kafka-1:9092]',
        '  bootstrap_servers: [kafka-1:9092]\n  tls_settings:\n    tls_pem_settings: Sekr1tPEMkey',
      ],
    ] as const) {
      const refused = lint(GOOD.replace(from, to)).filter((d) => d.code === 'rpk/refused');
      expect(refused.length, to).toBeGreaterThan(0);
      for (const d of refused) {
        expect(d.message).toContain('`********`');
        expect(d.message).not.toMatch(/Sekr1/);
      }
    }
  });

  it('the API rules judge the link rpk sends, at the rpk key or value it comes from', () => {
    const text = GOOD.replace('    enabled: true\n', '')
      .replace(
        '  authentication_configuration:',
        '  tls_settings:\n    tls_file_settings: {ca_path: /ca.pem}\n  authentication_configuration:',
      )
      .replace("name: '*'", 'name: orders/x');
    const found = lint(text);
    expect(found.map((d) => [d.code, d.pointer, at(d)])).toEqual([
      ['tls-ignored', '/client_options/tls_settings/tls_file_settings', '5:24'],
      ['topic-filter-name', '/topic_metadata_sync_options/auto_create_shadow_topic_filters/0/name', '16:13'],
    ]);
    expect(found[0]!.message).toMatch(
      /^In the link rpk sends, from `client_options\.tls_settings\.tls_file_settings`: /,
    );
    // Said in rpk's names: `tls_settings.tls_file_settings`, not the API's `tlsSettings.tlsFileSettings`.
    expect(found[0]!.message).toContain(
      '`tls_settings.tls_file_settings` is set but `tls_settings.enabled` is not true',
    );
    expect(found[1]!.message).toContain('`auto_create_shadow_topic_filters[0].name` contains "/"');
  });

  it("the API rules' fixes in rpk's form, at rpk's keys (a fix of an API key name has none)", () => {
    const text = GOOD.replace(
      "    - resource_filter: {resource_type: TOPIC, pattern_type: PREFIXED, name: app-}\n      access_filter: {principal: 'User:app', operation: READ, permission_type: ALLOW}\n",
      '    - resource_filter: {resource_type: TOPIC, pattern_type: PREFIXED, name: app-}\n',
    ).replace(
      '  start_at_earliest: {}\n',
      '  start_at_earliest: {}\n  synced_shadow_topic_properties: [retention.mss]\n',
    );
    const result = lintText(text, { filename: 'a.rpk.yaml' });
    const byCode = new Map<string, Diagnostic>(result.diagnostics.map((d) => [d.code, d]));
    // The API's `{operation: ACL_OPERATION_ANY, …}` is written with rpk's keys and spellings.
    expect(byCode.get('acl-filter-complete')!.suggestions?.map((s) => s.fix)).toEqual([
      {
        kind: 'replace-value',
        pointer: '/security_sync_options/acl_filters/0/access_filter',
        value: { operation: 'ANY', permission_type: 'ANY' },
      },
    ]);
    expect(byCode.get('synced-property-unknown')!.suggestions?.map((s) => s.fix)).toEqual([
      {
        kind: 'replace-value',
        pointer: '/topic_metadata_sync_options/synced_shadow_topic_properties/0',
        value: 'retention.ms',
      },
    ]);
    // Applied, the fix makes a file rpk reads as meant: the finding is gone. The missing block cannot
    // be added by a fix (as in an API document, editors offer it disabled), and is skipped saying so.
    const fixed = applyFixes(
      text,
      ['synced-property-unknown', 'acl-filter-complete'].map((c) => byCode.get(c)!.suggestions![0]!.fix!),
      { filename: 'a.rpk.yaml' },
    );
    expect(fixed.text).toContain('synced_shadow_topic_properties: [retention.ms]');
    expect(fixed.skipped.map((k) => k.reason)).toEqual([
      '/security_sync_options/acl_filters/0/access_filter is not in the file as written',
    ]);
    expect(lintText(fixed.text, { filename: 'a.rpk.yaml' }).diagnostics.map((d) => d.code)).not.toContain(
      'synced-property-unknown',
    );
  });

  it('rpk/ codes can be suppressed by a directive with a reason, as rule ids can; an unused one is reported', () => {
    const text = (directive: string) =>
      `name: x\nclient_options:\n  bootstrap_servers: ["a:9092"]\ntopic_metadata_sync_options:\n  ${directive}\n  interval: 1000000\n`;
    const codes = (t: string) => lintText(t, { filename: 'a.rpk.yaml' }).diagnostics.map((d) => d.code);
    expect(codes(text('# nothing'))).toEqual(['rpk/nanoseconds']);
    expect(codes(text('# svc-admin-spec-disable-next-line rpk/nanoseconds -- 1 ms on purpose'))).toEqual([]);
    expect(codes(text('# svc-admin-spec-disable-next-line rpk/truncated -- wrong code')).sort()).toEqual([
      'rpk/nanoseconds',
      'suppression/unused',
    ]);
  });

  it('rpk/null-marker\'s "Write {}" applies to a key written with nothing after it, and the finding is gone', () => {
    const text =
      'name: x\nclient_options:\n  bootstrap_servers: ["a:9092"]\ntopic_metadata_sync_options:\n  start_at_earliest:\n  interval: 30s\n';
    const marker = lintText(text, { filename: 'a.rpk.yaml' }).diagnostics.find((d) => d.code === 'rpk/null-marker');
    const fix = marker!.suggestions![0]!.fix!;
    const fixed = applyFixes(text, [fix], { filename: 'a.rpk.yaml' });
    expect(fixed.skipped).toEqual([]);
    expect(fixed.text).toContain('  start_at_earliest: {}\n  interval: 30s\n');
    expect(lintText(fixed.text, { filename: 'a.rpk.yaml' }).diagnostics.map((d) => d.code)).not.toContain(
      'rpk/null-marker',
    );
  });

  it("the API rules' advice in rpk's spellings: INCLUDE, not FILTER_TYPE_INCLUDE (which rpk would send as UNSPECIFIED)", () => {
    const text =
      'name: x\nclient_options: {bootstrap_servers: [a:9092]}\nconsumer_offset_sync_options:\n  group_filters:\n    - pattern_type: LITERAL\n      name: grp\n';
    const found = lintText(text, { filename: 'a.rpk.yaml' }).diagnostics;
    const unspecified = found.find((d) => d.code === 'unspecified-enum')!;
    expect(unspecified.message).toContain('INCLUDE or EXCLUDE');
    expect(unspecified.message).not.toMatch(/FILTER_TYPE_(INCLUDE|EXCLUDE)/);
    // The schema's hover text too.
    const schema = readFileSync(join(import.meta.dirname, '..', 'schemas', 'RpkShadowLinkConfig.schema.json'), 'utf8');
    expect(schema).not.toMatch(/Use ACL_RESOURCE_ANY|only with PATTERN_TYPE_LITERAL|a protobuf Duration such as/);
  });

  it('a cloud file without bootstrap servers, an empty list item, and what a newer rpk reads under a key the server ignores', () => {
    const cloud =
      'name: cloud-link\ncloud_options: {shadow_redpanda_id: abc123, source_redpanda_id: src1}\nclient_options:\n  source_cluster_id: x\n';
    expect(lintText(cloud, { filename: 'a.rpk.yaml' }).diagnostics.map((d) => d.code)).not.toContain('schema/required');
    // yaml.v2 reads `-` with nothing after it as "": an empty server name, which the server refuses.
    const empty = lintText('name: x\nclient_options:\n  bootstrap_servers:\n  - a:9092\n  -\n', {
      filename: 'a.rpk.yaml',
    }).diagnostics;
    expect(empty.map((d) => [d.code, d.pointer])).toEqual([
      ['bootstrap-servers', '/client_options/bootstrap_servers/1'],
    ]);
    const newer = `${GOOD}role_sync_options:\n  role_name_filters:\n    - {pattern_type: PREFIXED, filter_type: include, name: r}\n`;
    const codes = lintText(newer, { filename: 'a.rpk.yaml', rpkVersion: 'next' }).diagnostics.map((d) => [
      d.code,
      d.pointer,
    ]);
    expect(codes).toEqual([
      ['rpk/newer-key', '/role_sync_options'],
      ['rpk/unmapped-enum', '/role_sync_options/role_name_filters/0/pattern_type'],
      ['rpk/unmapped-enum', '/role_sync_options/role_name_filters/0/filter_type'],
    ]);
  });

  it('a custom rule on the link rpk sends: its related places at the rpk keys, in rpk terms', () => {
    const sameServers = defineRule({
      id: '@test/same-servers',
      severity: 'warning',
      kinds: ['ShadowLink'],
      docs: { description: 'Each bootstrap server once.' },
      messages: { twice: '`bootstrapServers[1]` repeats `bootstrapServers[0]`.' },
      check(ctx) {
        const at = '/configurations/clientOptions/bootstrapServers';
        ctx.report({
          messageId: 'twice',
          pointer: `${at}/1`,
          related: [
            { pointer: `${at}/0`, message: '`bootstrapServers[0]` is here' },
            { pointer: '/configurations/clientOptions/fetchMaxBytes', message: 'not written: left out' },
          ],
        });
      },
    });
    const [d] = lintText(GOOD.replace('[kafka-1:9092]', '[kafka-1:9092, kafka-2:9092]'), {
      filename: 'a.rpk.yaml',
      customRules: [sameServers],
    }).diagnostics;
    expect(d!.message).toBe(
      'In the link rpk sends, from `client_options.bootstrap_servers[1]`: `bootstrap_servers[1]` repeats `bootstrap_servers[0]`.',
    );
    expect(d!.related).toEqual([
      {
        pointer: '/client_options/bootstrap_servers/0',
        message: '`bootstrap_servers[0]` is here',
        range: { start: { line: 3, column: 23 }, end: { line: 3, column: 35 } },
      },
    ]);
  });

  it('no API finding where rpk says it first, where rpk refuses the file, or for what the cloud fills in', () => {
    // A number read as nanoseconds: rpk/nanoseconds, not also the API's "under one second".
    expect(lint(GOOD.replace('interval: 30s', 'interval: 30')).map((d) => d.code)).toEqual(['rpk/nanoseconds']);
    // rpk refuses it: it sends nothing for the API rules to judge.
    expect(
      lint(GOOD.replace("name: '*'", 'name: orders/x').replace('name: dr-link', 'name: ""')).map((d) => d.code),
    ).toEqual(['rpk/invalid']);
    // A cloud file: bootstrap servers and ${secrets.NAME} references are the cloud's.
    const cloud = `${GOOD}cloud_options:\n  shadow_redpanda_id: b\n`
      .replace('[kafka-1:9092]', '[not a server]')
      .replace('      password: hunter2-secret', '      password: ${secrets.PW}')
      .replace(
        '  authentication_configuration:',
        '  tls_settings:\n    enabled: true\n    tls_pem_settings: {key: "${secrets.KEY}"}\n  authentication_configuration:',
      );
    expect(lint(cloud)).toEqual([]);
  });

  it('rpk/literal-placeholder: rpk sends ${VAR} as written; the API advice to use one is not given', () => {
    const found = lint(GOOD.replace('password: hunter2-secret', 'password: ${SASL_PASSWORD}'));
    expect(found.map((d) => [d.code, d.severity, at(d)])).toEqual([['rpk/literal-placeholder', 'warning', '7:17']]);
    expect(lint(GOOD).map((d) => d.code)).not.toContain('no-plaintext-secret');
  });

  it('is recognised by its blocks even with typo keys beside them', () => {
    const found = lint('name: a\nclient_option:\n  bootstrap_servers: [a:1]\ntopic_metadata_sync_options: {}\n');
    expect(found.map((d) => d.code)).toEqual(['rpk/invalid', 'rpk/dropped-key']);
    expect(found[1]!.message).toContain('did you mean `client_options`?');
  });
});

describe('the link rpk sends (rpkToApi)', () => {
  const dir = join(import.meta.dirname, 'fixtures', 'real-world');
  const read = (file: string) => readRpkConfig(readFileSync(join(dir, file), 'utf8')).value;

  it('is the ShadowLink rpk builds from its sample and from its test file (the corpus, from mapper.go)', () => {
    for (const [rpkFile, apiFile] of [
      ['rpk.config-generate-sample.yaml', 'ShadowLink.rpk-mapped-config-generate-sample.json'],
      ['rpk.types-test-complete-file-tls.yaml', 'ShadowLink.rpk-mapped-types-test-complete.json'],
    ] as const)
      expect(rpkToApi(read(rpkFile), '26.1').value, rpkFile).toEqual(
        JSON.parse(readFileSync(join(dir, apiFile), 'utf8')) as unknown,
      );
  });

  it('leaves out zero values, unknown spellings and cloud options; sends the first start_at_* set; always has configurations', () => {
    const value = readRpkConfig(
      [
        'name: a',
        'cloud_options: {shadow_redpanda_id: x}',
        'client_options: {bootstrap_servers: [], fetch_max_bytes: 0, source_cluster_id: ""}',
        'topic_metadata_sync_options:',
        '  interval: 0s',
        '  start_at_latest: {}',
        '  start_at_timestamp: 2024-01-01T10:00:00+02:00',
        '  auto_create_shadow_topic_filters: [{pattern_type: literal, filter_type: INCLUDE, name: x}, ~]',
        'role_sync_options: {interval: 5s}',
      ].join('\n'),
    ).value;
    expect(rpkToApi(value, '26.1').value).toEqual({
      name: 'a',
      configurations: {
        clientOptions: {},
        topicMetadataSyncOptions: {
          startAtLatest: {},
          autoCreateShadowTopicFilters: [{ filterType: 'FILTER_TYPE_INCLUDE', name: 'x' }, {}],
        },
      },
    });
    expect(rpkToApi(readRpkConfig('name: a\n').value, '25.3').value).toEqual({ name: 'a', configurations: {} });
  });
});

describe('rpk files: hostile input', () => {
  it('merge-key and alias bombs and deep nesting end in one clear finding, as yaml.v2 refuses them (never a crash or a hang)', () => {
    // A 10^9-step merge, 10^10 aliased list items, 5,000 nested lists: each is refused where it starts.
    for (const [text, code] of [
      [mergeBomb(9, 10), 'parse/alias-bomb'],
      [laughs(9, 10), 'parse/alias-bomb'],
      [deepLists(5000), 'parse/too-deep'],
    ] as const) {
      const found = lintText(text, { filename: 'a.rpk.yaml' }).diagnostics;
      expect(found.map((d) => [d.code, d.severity])).toEqual([[code, 'error']]);
    }
    // Read by the rpk reader alone (no parser bound before it), the merge bomb stops as yaml.v2 stops it.
    expect(readRpkConfig(mergeBomb(9, 10)).errors.map((e) => e.message)).toEqual([
      'yaml: document contains excessive aliasing',
    ]);
    // Below the bounds, the same shapes are read and judged as any file.
    const small = lintText(mergeBomb(2, 3), { filename: 'a.rpk.yaml' });
    expect(small.kind).toBe('RpkShadowLinkConfig');
    expect(small.diagnostics.map((d) => d.code)).toEqual(['rpk/dropped-key', 'rpk/dropped-key', 'rpk/dropped-key']);
  });
});

describe("rpk's file in the editor", () => {
  const schema = JSON.parse(
    readFileSync(join(import.meta.dirname, '..', 'schemas', 'RpkShadowLinkConfig.schema.json'), 'utf8'),
  ) as Record<string, unknown>;
  const validator = () => {
    const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
    addFormats(ajv);
    ajv.addVocabulary(['markdownDescription', 'enumDescriptions', 'markdownEnumDescriptions']);
    return ajv.compile(schema);
  };
  const yamlOf = (file: string) => parseYaml(readFileSync(join(import.meta.dirname, '..', file), 'utf8')) as unknown;

  it('has a JSON Schema that takes a file rpk reads as written and refuses what rpk drops or sends as UNSPECIFIED', () => {
    const validate = validator();
    expect(validate(yamlOf('examples/good/shadow-link.rpk.yaml')), JSON.stringify(validate.errors)).toBe(true);
    expect(validate(yamlOf('examples/bad/shadow-link.rpk.yaml'))).toBe(false);
    const keywords = new Set(validate.errors!.map((e) => e.keyword));
    for (const k of ['enum', 'additionalProperties', 'type']) expect(keywords, k).toContain(k);
  });

  it('describes every key, with what rpk sends it as', () => {
    const missing: string[] = [];
    const described = new Map<string, string>();
    // Into an object's keys, a list's items and each branch of a value that may also be null.
    const visit = (node: unknown, path: string): void => {
      if (node === null || typeof node !== 'object') return;
      const n = node as Record<string, unknown>;
      for (const branch of (n['anyOf'] ?? []) as unknown[]) visit(branch, path);
      visit(n['items'], `${path}/0`);
      const props = (n['properties'] ?? {}) as Record<string, Record<string, unknown>>;
      for (const [name, p] of Object.entries(props)) {
        if (typeof p['markdownDescription'] !== 'string') missing.push(`${path}/${name}`);
        else described.set(`${path}/${name}`, p['markdownDescription']);
        visit(p, `${path}/${name}`);
      }
    };
    visit(schema, '');
    expect(missing).toEqual([]);
    expect(described.size).toBeGreaterThan(80);
    expect(described.get('/client_options/bootstrap_servers')).toContain(
      'rpk sends it as `configurations.clientOptions.bootstrapServers`',
    );
    expect(described.get('/security_sync_options/acl_filters/0/resource_filter/name')).toContain(
      'rpk sends it as `configurations.securitySyncOptions.aclFilters[].resourceFilter.name`',
    );
  });

  it('is in the catalog for *.rpk.yaml, and a $schema or modeline naming it marks an rpk file', () => {
    const catalog = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'schemas', 'catalog.json'), 'utf8')) as {
      schemas: { fileMatch: string[]; url: string }[];
    };
    expect(catalog.schemas.find((s) => s.url.endsWith('/RpkShadowLinkConfig.schema.json'))?.fileMatch).toEqual([
      '*.rpk.yaml',
      '*.rpk.yml',
    ]);
    const url = 'https://unpkg.com/svc-admin-spec/schemas/RpkShadowLinkConfig.schema.json';
    // Even a file whose shape is not rpk's (no block yet): the name says what it is.
    for (const text of [`# yaml-language-server: $schema=${url}\nname: a\n`, `$schema: ${url}\nname: a\n`]) {
      const result = lintText(text, { filename: 'a.yaml' });
      expect(result.kind).toBe('RpkShadowLinkConfig');
      expect(result.diagnostics.map((d) => d.code)).not.toContain('rpk/dropped-key');
    }
  });
});
