/**
 * `preview`: which topics and groups a link would shadow, through the built command — the table,
 * the JSON shape (the library's `previewFilters` entries with the deciding filter), standard input,
 * a link with errors refused, unreadable input and usage errors (exit 2), secrets masked.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { previewFilters } from '../src/facts/filters';
import { parseNameList } from '../src/cli/preview';
import { cli, ROOT, scratch } from './cli-helpers';

const LINK = `name: dr-link
configurations:
  clientOptions:
    bootstrapServers: ["source-1:9092"]
    authenticationConfiguration:
      scramConfiguration:
        username: shadow-link
        password: \${SHADOW_LINK_PASSWORD}
        scramMechanism: SCRAM_MECHANISM_SCRAM_SHA_512
  topicMetadataSyncOptions:
    autoCreateShadowTopicFilters:
      - { patternType: PATTERN_TYPE_PREFIX, filterType: FILTER_TYPE_INCLUDE, name: orders. }
      - { patternType: PATTERN_TYPE_LITERAL, filterType: FILTER_TYPE_EXCLUDE, name: orders.tmp }
  consumerOffsetSyncOptions:
    groupFilters:
      - { patternType: PATTERN_TYPE_LITERAL, filterType: FILTER_TYPE_INCLUDE, name: "*" }
`;

const TOPICS = 'orders.created\norders.tmp\n\n# not a topic\npayments\n_schemas\n__consumer_offsets\n_svc.internal\n';

describe('preview', () => {
  it('prints a table: each topic, whether it is shadowed, and the filter or rule that decided', () => {
    const dir = scratch({ 'link.yaml': LINK, 'topics.txt': TOPICS });
    const run = cli(['preview', 'link.yaml', '--topics', 'topics.txt'], { cwd: dir });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      [
        'topic               shadowed  decided by',
        'orders.created      yes       included by autoCreateShadowTopicFilters[0]: INCLUDE PREFIX "orders."',
        'orders.tmp          no        excluded by autoCreateShadowTopicFilters[1]: EXCLUDE LITERAL "orders.tmp"',
        'payments            no        no INCLUDE filter matches',
        '_schemas            no        _schemas ignores the filters: set schemaRegistrySyncOptions.shadowSchemaRegistryTopic to shadow it',
        '__consumer_offsets  no        this topic is never shadowed',
        '_svc.internal       no        names starting with _svc or __svc need a LITERAL INCLUDE filter naming them exactly',
        '',
        '1 of 6 topics would be shadowed.',
        '',
      ].join('\n'),
    );
  });

  it('-f json: the library entries, in a fixed key order, with the deciding filter, and a summary; groups from standard input', () => {
    const dir = scratch({ 'link.yaml': LINK, 'topics.txt': TOPICS });
    const run = cli(['preview', 'link.yaml', '--topics', 'topics.txt', '--groups', '-', '-f', 'json'], {
      cwd: dir,
      input: 'app-1\r\nbilling\r\n',
    });
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(Object.keys(out)).toEqual(['version', 'file', 'kind', 'topics', 'groups', 'summary']);
    expect(out).toMatchObject({ version: 1, file: 'link.yaml', kind: 'ShadowLink' });
    expect(out['summary']).toEqual({ topics: 6, topicsShadowed: 1, groups: 2, groupsShadowed: 2 });
    const groups = out['groups'] as Record<string, unknown>[];
    expect(groups[0]).toEqual({
      name: 'app-1',
      selected: true,
      reason: 'filter',
      filterIndex: 0,
      filter: { filterType: 'FILTER_TYPE_INCLUDE', patternType: 'PATTERN_TYPE_LITERAL', name: '*' },
      explanation: 'included by groupFilters[0]',
    });
    expect(Object.keys(groups[0]!)).toEqual(['name', 'selected', 'reason', 'filterIndex', 'filter', 'explanation']);
    // Apart from the filter shown, every row is what the library says.
    const library = previewFilters(parseYaml(LINK), { topics: parseNameList(TOPICS), groups: ['app-1', 'billing'] });
    const strip = (rows: Record<string, unknown>[]) => rows.map(({ filter: _filter, ...rest }) => rest);
    expect(strip(out['topics'] as Record<string, unknown>[])).toEqual(library.topics);
    expect(strip(groups)).toEqual(library.groups);
  });

  it('reads topics from standard input, and a CreateShadowLinkRequest or an rpk file as the link', () => {
    const request = join(ROOT, 'examples', 'good', 'create-shadow-link-request.json');
    const run = cli(['preview', request, '--topics', '-', '-f', 'json'], { input: 'orders\n' });
    expect(run.code).toBe(0);
    expect((JSON.parse(run.stdout) as { kind: string }).kind).toBe('CreateShadowLinkRequest');
    const rpk = cli(['preview', join(ROOT, 'examples', 'good', 'shadow-link.rpk.yaml'), '--topics', '-'], {
      input: 'orders\n',
    });
    expect(rpk.code).toBe(0);
    expect(rpk.stdout).toMatch(/^topic +shadowed +decided by\norders +(yes|no) +/);
  });

  it('reads what the server reads: snake_case keys and enum numbers', () => {
    const link = {
      name: 'dr-link',
      configurations: {
        client_options: { bootstrap_servers: ['source-1:9092'] },
        topic_metadata_sync_options: {
          auto_create_shadow_topic_filters: [{ pattern_type: 1, filter_type: 1, name: 'orders' }],
        },
      },
    };
    const dir = scratch({ 'link.json': JSON.stringify(link) });
    const run = cli(['preview', 'link.json', '--topics', '-', '-f', 'json'], { cwd: dir, input: 'orders\n' });
    expect(run.code).toBe(0);
    const topics = (JSON.parse(run.stdout) as { topics: { selected: boolean }[] }).topics;
    expect(topics[0]!.selected).toBe(true);
  });

  it('refuses a link with errors: its findings on standard error, nothing previewed, exit 1', () => {
    const dir = scratch({ 'link.yaml': LINK.replace('name: orders.tmp', 'name: _schemas'), 'topics.txt': TOPICS });
    const run = cli(['preview', 'link.yaml', '--topics', 'topics.txt', '-f', 'json'], { cwd: dir });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('link.yaml\n');
    expect(run.stderr).toContain('error');
    expect(run.stderr).toContain('svc-admin-spec: link.yaml has errors (above): not previewed');
  });

  it('never prints a secret of the link, even as a topic name', () => {
    const dir = scratch({ 'link.yaml': LINK.replace('${SHADOW_LINK_PASSWORD}', 'hunter2-sekrit') });
    const shown = cli(['preview', 'link.yaml', '--topics', '-'], { cwd: dir, input: 'hunter2-sekrit\n' });
    expect(shown.code).toBe(0);
    expect(shown.stdout + shown.stderr).not.toContain('hunter2-sekrit');
    expect(shown.stdout).toContain('********');
  });

  it('unreadable input and usage errors exit 2 with a message', () => {
    const dir = scratch({ 'link.yaml': LINK, 'broker.json': '{"broker":{"nodeId":1}}' });
    const missingTopics = cli(['preview', 'link.yaml', '--topics', 'nope.txt'], { cwd: dir });
    expect(missingTopics).toMatchObject({
      code: 2,
      stdout: '',
      stderr: 'svc-admin-spec: --topics nope.txt cannot be read: it does not exist.\n',
    });
    const missingLink = cli(['preview', 'gone.yaml', '--topics', '-'], { cwd: dir });
    expect(missingLink).toMatchObject({
      code: 2,
      stderr: 'svc-admin-spec: gone.yaml cannot be read: it does not exist.\n',
    });
    for (const [args, message] of [
      [['preview', 'link.yaml'], 'preview needs --topics'],
      [['preview', 'link.yaml', '--topics', '-', '--groups', '-'], 'can be given only once'],
      [['preview', 'link.yaml', '--topics', '-', '-f', 'sarif'], 'preview supports --format stylish or json'],
      [['preview', '--topics', '-'], 'preview takes one link file'],
      [['preview', 'broker.json', '--topics', '-'], 'broker.json is a GetBrokerResponse, not a shadow link'],
      [['preview', 'link.yaml', '--topcs', '-'], 'did you mean "--topics"?'],
    ] as const) {
      const run = cli([...args], { cwd: dir });
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toContain(message);
    }
  });

  it('--help describes the command', () => {
    const run = cli(['preview', '--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Usage: svc-admin-spec preview <link-file> --topics <file|->');
  });
});

describe('parseNameList', () => {
  it('one name a line: CRLF, surrounding spaces, blank lines, # comments and a byte order mark', () => {
    expect(parseNameList('\uFEFFa\r\n  b  \n\n# c\nd\re')).toEqual(['a', 'b', 'd', 'e']);
  });
});
