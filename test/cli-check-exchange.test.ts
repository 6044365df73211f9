/**
 * `check-exchange`: does a response honour its request, through the built command — findings in
 * lint's formats and with lint's exit codes, standard input, a request told by its response,
 * unreadable input and usage errors (exit 2), secrets never printed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { keyFingerprint } from '../src/facts/fingerprint';
import { EXAMPLE_KEY } from '../src/rule-api/example-pem';
import { cli, report, scratch } from './cli-helpers';
import { FIXTURES } from './helpers';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const BROKER = JSON.stringify(
  { broker: { nodeId: 2, buildInfo: { version: 'v26.1.3', buildSha: '3f2a9c1d' } } },
  null,
  2,
);

/** A CreateShadowLink request and the response a correct server gives it (as test/conformance.test.ts builds it). */
function pair(): { request: Json; response: Json } {
  const response = JSON.parse(
    readFileSync(join(FIXTURES, 'valid', 'CreateShadowLinkResponse.full.json'), 'utf8'),
  ) as Json;
  response.shadowLink.status.shadowTopics = [];
  response.shadowLink.status.taskStatuses = [];
  const pem = response.shadowLink.configurations.clientOptions.tlsSettings.tlsPemSettings;
  pem.keyFingerprint = keyFingerprint(EXAMPLE_KEY);
  const request: Json = {
    shadowLink: {
      name: 'dr-link',
      configurations: {
        clientOptions: {
          bootstrapServers: ['kafka-1.source.example.com:9092'],
          authenticationConfiguration: {
            scramConfiguration: { username: 'shadow', password: 'pw', scramMechanism: 'SCRAM_MECHANISM_SCRAM_SHA_512' },
          },
          tlsSettings: { enabled: true, tlsPemSettings: { ca: pem.ca, cert: pem.cert, key: EXAMPLE_KEY } },
        },
        topicMetadataSyncOptions: {
          autoCreateShadowTopicFilters: [
            { filterType: 'FILTER_TYPE_INCLUDE', name: '*', patternType: 'PATTERN_TYPE_LITERAL' },
          ],
        },
      },
    },
  };
  return { request, response };
}

const files = (request: unknown, response: unknown) =>
  scratch({ 'request.json': JSON.stringify(request, null, 2), 'response.json': JSON.stringify(response, null, 2) });

describe('check-exchange', () => {
  it('a GetBroker response that describes another node: the finding, placed in the response, exit 1', () => {
    const dir = scratch({ 'request.json': '{"nodeId": 3}\n', 'response.json': BROKER });
    const run = cli(['check-exchange', 'request.json', 'response.json'], { cwd: dir });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe(
      [
        'response.json',
        '  3:15  error  The request asked for node 3 but the response describes node 2.  conformance/node-id',
        '',
        '✖ 1 problem (1 error, 0 warnings, 0 infos) in 1 file',
        '',
      ].join('\n'),
    );
  });

  it('a response that honours its request: nothing printed, exit 0; -f json lists both files', () => {
    const dir = scratch({ 'request.json': '{"nodeId": 2}\n', 'response.json': BROKER });
    const run = cli(['check-exchange', 'request.json', 'response.json'], { cwd: dir });
    expect(run).toMatchObject({ code: 0, stdout: '', stderr: '' });
    const json = cli(['check-exchange', 'request.json', 'response.json', '-f', 'json'], { cwd: dir });
    expect(json.code).toBe(0);
    expect(report(json)).toEqual({
      version: 1,
      results: [
        { file: 'request.json', kind: 'GetBrokerRequest', diagnostics: [] },
        { file: 'response.json', kind: 'GetBrokerResponse', diagnostics: [] },
      ],
      summary: { errors: 0, warnings: 0, infos: 0, files: 2 },
    });
  });

  it('-f json: the finding with its pointer, range, related request pointer and docs link', () => {
    const dir = scratch({ 'request.json': '{"nodeId": 3}\n', 'response.json': BROKER });
    const run = cli(['check-exchange', 'request.json', 'response.json', '-f', 'json'], { cwd: dir });
    expect(run.code).toBe(1);
    const found = report(run).results[1]!.diagnostics;
    expect(found).toEqual([
      {
        code: 'conformance/node-id',
        severity: 'error',
        pointer: '/broker/nodeId',
        message: 'The request asked for node 3 but the response describes node 2.',
        related: [{ pointer: '/nodeId', message: 'in the request' }],
        docsUrl: 'https://unpkg.com/svc-admin-spec/docs/rules/conformance.md#node-id',
        range: { start: { line: 3, column: 15 }, end: { line: 3, column: 16 } },
      },
    ]);
  });

  it('standard input for either file; `{}` is read as the request of the response`s method', () => {
    const dir = scratch({ 'response.json': BROKER });
    expect(cli(['check-exchange', '-', 'response.json'], { cwd: dir, input: '{}' }).code).toBe(0);
    const wrong = cli(['check-exchange', '-', 'response.json', '-f', 'json'], { cwd: dir, input: '{"nodeId": 5}' });
    expect(wrong.code).toBe(1);
    expect(report(wrong).results.map((r) => r.file)).toEqual(['<stdin>', 'response.json']);
    const reverse = scratch({ 'request.json': '{"nodeId": 2}' });
    expect(cli(['check-exchange', 'request.json', '-'], { cwd: reverse, input: BROKER }).code).toBe(0);
  });

  it('CreateShadowLink: a correct response conforms; another name and another key fingerprint are findings, the key never printed', () => {
    const { request, response } = pair();
    expect(cli(['check-exchange', 'request.json', 'response.json'], { cwd: files(request, response) }).code).toBe(0);
    response.shadowLink.name = 'other-link';
    response.shadowLink.configurations.clientOptions.tlsSettings.tlsPemSettings.keyFingerprint = keyFingerprint(
      `${EXAMPLE_KEY}\n`,
    );
    response.shadowLink.configurations.clientOptions.clientId = `shadow-link-other-link-${response.shadowLink.uid}`;
    const dir = files(request, response);
    const run = cli(['check-exchange', 'request.json', 'response.json', '-f', 'json'], { cwd: dir });
    expect(run.code).toBe(1);
    const found = report(run).results[1]!.diagnostics.map((d) => [d.code, d.pointer]);
    expect(found).toContainEqual(['conformance/name', '/shadowLink/name']);
    expect(found).toContainEqual([
      'conformance/key-fingerprint',
      '/shadowLink/configurations/clientOptions/tlsSettings/tlsPemSettings/keyFingerprint',
    ]);
    for (const format of ['stylish', 'json', 'sarif', 'junit', 'github', 'gitlab']) {
      const shown = cli(['check-exchange', 'request.json', 'response.json', '-f', format], { cwd: dir });
      expect(shown.code, format).toBe(1);
      expect(shown.stdout, format).not.toContain('PRIVATE KEY');
      expect(shown.stdout, format).not.toContain(EXAMPLE_KEY.split('\n')[1]);
    }
  });

  it('-o: the report in a file and a summary line on the console, as lint does', () => {
    const dir = scratch({ 'request.json': '{"nodeId": 3}\n', 'response.json': BROKER });
    const run = cli(['check-exchange', 'request.json', 'response.json', '-f', 'sarif', '-o', 'out/x.sarif'], {
      cwd: dir,
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('✖ 1 problem (1 error, 0 warnings, 0 infos) in 1 file; report written to out/x.sarif.\n');
    const sarif = JSON.parse(readFileSync(join(dir, 'out', 'x.sarif'), 'utf8')) as Json;
    expect(sarif.runs[0].results[0].ruleId).toBe('conformance/node-id');
  });

  it('a document that does not parse: its syntax finding, exit 1', () => {
    const dir = scratch({ 'request.json': '{"nodeId": ', 'response.json': BROKER });
    const run = cli(['check-exchange', 'request.json', 'response.json', '-f', 'json'], { cwd: dir });
    expect(run.code).toBe(1);
    expect(report(run).results[0]!.diagnostics.map((d) => d.code)).toContain('parse/json-syntax');
  });

  it('unreadable input and usage errors exit 2 with a message', () => {
    const dir = scratch({ 'request.json': '{"nodeId": 3}\n', 'response.json': BROKER, 'link.json': '{"name":"x"}' });
    expect(cli(['check-exchange', 'request.json', 'missing.json'], { cwd: dir })).toMatchObject({
      code: 2,
      stdout: '',
      stderr: 'svc-admin-spec: missing.json cannot be read: it does not exist.\n',
    });
    for (const [args, message] of [
      [['check-exchange', 'request.json'], 'takes two files: the request, then the response'],
      [['check-exchange', '-', '-'], 'can be given only once'],
      [['check-exchange', 'request.json', 'response.json', '-f', 'xml'], 'xml'],
      [['check-exchange', 'request.json', 'response.json', '-o', 'request.json', '-f', 'json'], 'is also an input'],
      [['check-exchange', 'link.json', 'response.json'], 'check-exchange compares a CreateShadowLinkRequest'],
      [['check-exchange', 'request.json', 'response.json', '--target-version', '9'], '--target-version must be'],
    ] as const) {
      const run = cli([...args], { cwd: dir, input: '{}' });
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr, args.join(' ')).toContain(message);
    }
  });

  it('--help describes the command', () => {
    const run = cli(['check-exchange', '--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Usage: svc-admin-spec check-exchange <request> <response>');
  });
});
