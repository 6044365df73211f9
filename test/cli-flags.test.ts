/** Command-line conventions: did-you-mean for flags and formats, and --print-config. */
import { describe, expect, it } from 'vitest';
import { cli, scratch } from './cli-helpers';

describe('unknown flags', () => {
  it('get a did-you-mean instead of parseArgs text', () => {
    const cases: [string[], string][] = [
      [['--formt', 'json'], 'Unknown option "--formt"; did you mean "--format"?'],
      [['--no-colour'], 'Unknown option "--no-colour"; did you mean "--no-color"?'],
      [['--fail-severty=warning'], 'Unknown option "--fail-severty"; did you mean "--fail-severity"?'],
      [['--output.junt', 'r.xml'], 'Unknown option "--output.junt"; did you mean "--output.junit"?'],
      [['--printconfig', 'a.yaml'], 'Unknown option "--printconfig"; did you mean "--print-config"?'],
      [['--completely-different'], 'Unknown option "--completely-different".'],
      [['-x'], 'Unknown option "-x".'],
      [
        ['-f', 'sarf'],
        'Unknown format "sarf"; did you mean "sarif"? The formats are stylish, json, sarif, github, junit, gitlab.',
      ],
      [['--format'], '--format needs a value.'],
      [['--fix=yes'], '--fix does not take a value.'],
    ];
    for (const [args, message] of cases) {
      const r = cli(['lint', ...args]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toBe(`svc-admin-spec: ${message}\nRun "svc-admin-spec --help" for usage.\n`);
      expect(r.stdout).toBe('');
    }
  });
});

describe('commands and flags in any order', () => {
  const dir = scratch({ 'a.yaml': 'name: "a b"\nconfigurations: { clientOptions: { bootstrapServers: [s:1] } }\n' });
  const usage = (args: string[], message: string, command = '') => {
    const r = cli(args, { cwd: dir });
    expect(r.code, args.join(' ')).toBe(2);
    const help = command ? `svc-admin-spec ${command} --help` : 'svc-admin-spec --help';
    expect(r.stderr, args.join(' ')).toBe(
      `svc-admin-spec${command ? ` ${command}` : ''}: ${message}\nRun "${help}" for usage.\n`,
    );
    expect(r.stdout).toBe('');
  };

  it('an unknown command is a usage error with a did-you-mean, not a missing file', () => {
    usage(['lnit', 'a.yaml'], '"lnit" is neither a command nor a file or directory; did you mean "lint" or "init"?');
    usage(
      ['print-config', 'a.yaml'],
      '"print-config" is neither a command nor a file or directory; did you mean "--print-config"?',
    );
    usage(['--format', 'json', 'rulez'], '"rulez" is neither a command nor a file or directory; did you mean "rules"?');
    usage(
      ['frobnicate'],
      '"frobnicate" is neither a command (lint, rules, init, convert, preview, check-exchange, apply, get-broker, lsp) nor a file or directory.',
    );
    // A file or directory of that name is linted, as `svc-admin-spec <path>` always is.
    const named = scratch({ lnit: 'name: "a b"\nconfigurations: { clientOptions: { bootstrapServers: [s:1] } }\n' });
    expect(cli(['lnit'], { cwd: named }).stdout).toContain('shadow-link-name');
  });

  it('takes global flags before the command', () => {
    const json = cli(['--format', 'json', 'lint', 'a.yaml'], { cwd: dir });
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout).summary.errors).toBe(1);
    const dry = cli(['--no-color', '-f', 'json', 'apply', '--dry-run', '--target-version', '26.1', 'a.yaml'], {
      cwd: dir,
    });
    expect(dry.code).toBe(1);
    expect(JSON.parse(dry.stdout)).toMatchObject({ applied: [] });
    usage(
      ['--kind', 'ShadowLink', 'get-broker', '--admin-url', 'http://127.0.0.1:1'],
      'Unknown option "--kind": get-broker does not take it (it is an option of lint and apply).',
      'get-broker',
    );
    usage(
      ['--admin-url', 'http://x', 'lint', 'a.yaml'],
      'Unknown option "--admin-url": it is an option of apply and get-broker; put it after the command.',
    );
  });

  it('apply and get-broker: unknown flags get a did-you-mean', () => {
    usage(['apply', '--dryrun', 'a.yaml'], 'Unknown option "--dryrun"; did you mean "--dry-run"?', 'apply');
    usage(['apply', '--admin-url'], '--admin-url needs a value.', 'apply');
    usage(
      ['get-broker', '--admin-ulr', 'http://x'],
      'Unknown option "--admin-ulr"; did you mean "--admin-url"?',
      'get-broker',
    );
    usage(
      ['get-broker', '--node-id=1', '--fomat', 'json'],
      'Unknown option "--fomat"; did you mean "--format"?',
      'get-broker',
    );
  });

  it('lsp --help prints the language server help', () => {
    const r = cli(['lsp', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Usage: svc-admin-spec lsp --stdio\n/);
    expect(r.stderr).toBe('');
  });

  it('--rule: a misspelt rule id or severity gets a did-you-mean', () => {
    usage(
      ['lint', '--rule', 'synced-property-unknown=Warn', 'a.yaml'],
      '--rule: rule "synced-property-unknown" is set to "Warn"; use "off", "info", "warning" (or "warn"), "error", or ESLint\'s 0, 1, 2 (or [severity, { options }]); did you mean "warning"?',
    );
    usage(
      ['lint', '--rule', 'synced-propery-unknown=warning', 'a.yaml'],
      '--rule: unknown rule "synced-propery-unknown"; did you mean "synced-property-unknown"? Run `svc-admin-spec rules` to list them.',
    );
    usage(
      ['apply', '--dry-run', '--rule', 'duraton=off', 'a.yaml'],
      '--rule: unknown rule "duraton"; did you mean "duration"? Run `svc-admin-spec rules` to list them.',
      'apply',
    );
  });
});

describe('help', () => {
  it('documents the report formats, repeatable outputs and --print-config', () => {
    const help = cli(['--help']).stdout;
    for (const text of ['junit, gitlab; repeatable', '--output.<format> <file>', '--print-config <file>'])
      expect(help).toContain(text);
  });
});

describe('--print-config', () => {
  const config = [
    'targetVersion: "25.3"',
    'rules:',
    '  duration: warning',
    '  plain-without-tls: off',
    'ignore: ["vendor/**"]',
    'overrides:',
    '  - files: ["links/**"]',
    '    kind: ShadowLink',
    '    targetVersion: "26.1"',
    '    rules:',
    '      plain-without-tls: error',
    '      synced-property-unknown: [info, { knownProperties: [svc.future.property] }]',
    '',
  ].join('\n');
  const dir = scratch({ 'svc-admin-spec.config.yaml': config });

  type Printed = {
    file: string;
    config: string | null;
    ignored: boolean;
    kind: string | null;
    targetVersion: string;
    rules: Record<string, { severity: string; messages?: Record<string, string>; options?: Record<string, unknown> }>;
  };
  const print = (args: string[]) => {
    const r = cli(['--print-config', ...args], { cwd: dir });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    return JSON.parse(r.stdout) as Printed;
  };

  it('prints the settings after the config, its overrides and the flags, for a file that need not exist', () => {
    const top = print(['a.yaml']);
    expect(top).toMatchObject({ file: 'a.yaml', config: 'svc-admin-spec.config.yaml', ignored: false, kind: null });
    expect(top.targetVersion).toBe('25.3');
    expect(top.rules['duration']).toEqual({ severity: 'warning' });
    expect(top.rules['plain-without-tls']).toEqual({ severity: 'off' });

    const linked = print(['links/dr.yaml', '--rule', 'duration=info']);
    expect(linked).toMatchObject({ kind: 'ShadowLink', targetVersion: '26.1', ignored: false });
    expect(linked.rules['plain-without-tls']).toEqual({ severity: 'error' });
    expect(linked.rules['duration']).toEqual({ severity: 'info' });
    expect(linked.rules['synced-property-unknown']).toEqual({
      severity: 'info',
      options: { knownProperties: ['svc.future.property'] },
    });
    expect(top.rules['synced-property-unknown']).toEqual({ severity: 'warning', options: { knownProperties: [] } });

    expect(print(['vendor/x.yaml']).ignored).toBe(true);
    expect(print(['a.yaml', '--kind', 'GetBrokerRequest', '--target-version', '26.1'])).toMatchObject({
      kind: 'GetBrokerRequest',
      targetVersion: '26.1',
    });
  });

  it('lists every rule with its default severity, message exceptions and options', () => {
    const none = cli(['--print-config', 'a.yaml', '--no-config'], { cwd: dir });
    const printed = JSON.parse(none.stdout) as Printed;
    expect(printed.config).toBeNull();
    expect(printed.targetVersion).toBe('26.1');
    const rules = JSON.parse(cli(['rules', '--format', 'json']).stdout) as { id: string; severity: string }[];
    expect(Object.keys(printed.rules)).toEqual(rules.map((r) => r.id).sort());
    for (const r of rules) expect(printed.rules[r.id]!.severity, r.id).toBe(r.severity);
    expect(printed.rules['bootstrap-servers']!.messages).toMatchObject({ portZero: 'warning' });
    expect(printed.rules['synced-property-unknown']!.options).toEqual({ knownProperties: [] });
  });

  it('is a usage error with lint paths, or without a file', () => {
    for (const args of [
      ['--print-config', 'a.yaml', 'b.yaml'],
      ['lint', 'x.yaml', '--print-config', 'a.yaml'],
      ['--print-config', ''],
    ]) {
      const r = cli(args, { cwd: dir });
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(/^svc-admin-spec: --print-config /);
    }
  });
});
