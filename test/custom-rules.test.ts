/** Custom rules through the library: lint options, settings, suppression, fixes, reports, and their failures. */
import { describe, expect, it } from 'vitest';
import {
  applyFixes,
  checkRuleExamples,
  defineRule,
  fixText,
  format,
  lint,
  lintText,
  type ExampleSuggestion,
  type Fix,
  type InvalidRuleExample,
  type Rule,
  type ShadowLink,
} from '../src/index';

/** The worked example of the README (examples/custom-rules/policy/rules.mjs), loaded as a plugin module is. */
const EXAMPLE = new URL('../examples/custom-rules/policy/rules.mjs', import.meta.url).href;
const loadExample = async (): Promise<{ default: Rule[]; tlsRequired: Rule; linkNameRegion: Rule }> =>
  (await import(EXAMPLE)) as { default: Rule[]; tlsRequired: Rule; linkNameRegion: Rule };

const link = (name: string, clientOptions: Record<string, unknown>): ShadowLink =>
  ({ name, configurations: { clientOptions: { bootstrapServers: ['source:9093'], ...clientOptions } } }) as ShadowLink;

const compliant = {
  tlsSettings: { enabled: true },
  authenticationConfiguration: {
    scramConfiguration: { username: 'u', password: 'p', scramMechanism: 'SCRAM_MECHANISM_SCRAM_SHA_512' },
  },
};

/** A small rule for the engine tests: reports the link name, with an automatic fix. */
const upperName = defineRule({
  id: '@test/upper-name',
  severity: 'warning',
  kinds: ['ShadowLink'],
  docs: { description: 'Link names are lowercase.' },
  messages: { upper: 'The link name "{name}" has capitals; write it in lowercase.' },
  check(ctx) {
    const name = (ctx.doc as { name?: unknown }).name;
    if (typeof name === 'string' && name !== name.toLowerCase())
      ctx.report({
        messageId: 'upper',
        pointer: '/name',
        data: { name },
        fix: { kind: 'replace-value', pointer: '/name', value: name.toLowerCase() },
      });
  },
});

describe('the worked example rules', () => {
  it('pass their own examples (checkRuleExamples)', async () => {
    const { default: rules } = await loadExample();
    expect(rules.map((r) => r.id)).toEqual(['@acme/tls-required', '@acme/link-name-region']);
    for (const rule of rules) expect(checkRuleExamples(rule), rule.id).toEqual([]);
  });

  it('report house-policy findings with their own docs URL, next to the built-in findings', async () => {
    const { default: rules } = await loadExample();
    const r = lint('ShadowLink', link('dr link', {}), { customRules: rules });
    expect(r.valid).toBe(false);
    expect(r.diagnostics.map((d) => [d.code, d.pointer])).toEqual([
      ['@acme/tls-required', '/configurations/clientOptions'],
      ['shadow-link-name', '/name'],
      ['@acme/link-name-region', '/name'],
    ]);
    const tls = r.diagnostics.find((d) => d.code === '@acme/tls-required')!;
    expect(tls).toMatchObject({ severity: 'error', docsUrl: 'https://wiki.example.com/platform/policies/ps-12' });
    expect(tls.message).toMatch(/^The link neither enables TLS nor authenticates with SCRAM/);
    expect(lint('ShadowLink', link('eu-west-1-x', compliant), { customRules: rules }).diagnostics).toEqual([]);
  });

  it('offer SCRAM-SHA-512 as a suggestion that --fix does not apply on its own', async () => {
    const { tlsRequired } = await loadExample();
    const weak = link('eu-west-1-x', {
      ...compliant,
      authenticationConfiguration: {
        scramConfiguration: { username: 'u', password: 'p', scramMechanism: 'SCRAM_MECHANISM_SCRAM_SHA_256' },
      },
    });
    const [d] = lint('ShadowLink', weak, { customRules: [tlsRequired] }).diagnostics;
    expect(d!.suggestions).toEqual([
      {
        message: 'Use SCRAM-SHA-512.',
        fix: {
          kind: 'replace-value',
          pointer: '/configurations/clientOptions/authenticationConfiguration/scramConfiguration/scramMechanism',
          value: 'SCRAM_MECHANISM_SCRAM_SHA_512',
        },
      },
    ]);
  });

  it('take severities and options from the rule settings', async () => {
    const { linkNameRegion } = await loadExample();
    const doc = link('ap-south-1-x', compliant);
    const customRules = [linkNameRegion];
    expect(lint('ShadowLink', doc, { customRules }).diagnostics[0]).toMatchObject({
      code: '@acme/link-name-region',
      severity: 'warning',
      message:
        'The link name "ap-south-1-x" does not start with a region (eu-west-1, us-east-1); name it like "eu-west-1-ap-south-1-x".',
    });
    const rules = { '@acme/link-name-region': ['error', { regions: ['ap-south-1'] }] } as const;
    expect(lint('ShadowLink', doc, { customRules, rules: { ...rules } }).diagnostics).toEqual([]);
    const stricter = lint('ShadowLink', link('x', compliant), { customRules, rules: { ...rules } });
    expect(stricter.diagnostics[0]).toMatchObject({
      severity: 'error',
      message: expect.stringContaining('ap-south-1'),
    });
    expect(
      lint('ShadowLink', link('x', compliant), { customRules, rules: { '@acme/link-name-region': 'off' } }),
    ).toEqual({ valid: true, diagnostics: [] });
    expect(() =>
      lint('ShadowLink', doc, { customRules, rules: { '@acme/link-name-region': ['error', { regions: 'eu' }] } }),
    ).toThrow('option "regions" of rule "@acme/link-name-region" must be an array, not "eu"');
  });
});

describe('custom rules in lint', () => {
  it('are unknown to the settings unless passed, with a hint where they come from', () => {
    expect(() => lint('ShadowLink', link('x', {}), { rules: { '@test/upper-name': 'error' } })).toThrow(
      /unknown rule "@test\/upper-name"\. Custom rules come from "plugins" in the config file, or "customRules" in lint options/,
    );
    expect(() =>
      lint('ShadowLink', link('x', {}), { customRules: [upperName], rules: { '@test/uper-name': 'error' } }),
    ).toThrow('did you mean "@test/upper-name"?');
  });

  it.each([
    [
      { ...upperName, id: 'upper-name' },
      /custom rule 1 \("upper-name"\) has id "upper-name"; custom rule ids are "@namespace\/name"/,
    ],
    [{ ...upperName, id: '@Test/Upper' }, /has id "@Test\/Upper"/],
    [{ ...upperName, severity: 'warn' }, /has severity "warn"; use "error", "warning" or "info"/],
    [{ ...upperName, kinds: ['Link'] }, /must list the document kinds it checks in "kinds"/],
    [{ ...upperName, docs: {} }, /must describe what it checks in docs.description/],
    [
      { ...upperName, docs: { description: 'd', url: 'wiki/page' } },
      /has docs.url "wiki\/page"; give an http\(s\) URL/,
    ],
    [{ ...upperName, messages: {} }, /must declare its messages/],
    [{ ...upperName, check: undefined }, /must have a check\(context\) function/],
    [{ ...upperName, structuralMessages: ['upper'] }, /has structuralMessages, which only built-in rules use/],
    [
      { ...upperName, options: { n: { description: 'n', default: 'x', schema: { type: 'integer' } } } },
      /has the default of option "n" must be an integer, not "x"/,
    ],
    [null, /custom rule 1 must be a rule object \(as defineRule declares it\), not null/],
  ])('refuse a malformed rule, naming it and the problem (%#)', (rule, message) => {
    expect(() => lint('ShadowLink', {}, { customRules: [rule as Rule] })).toThrow(message);
  });

  it('refuse two rules with one id, and a customRules that is not an array', () => {
    expect(() => lint('ShadowLink', {}, { customRules: [upperName, upperName] })).toThrow(
      'two custom rules have the id "@test/upper-name"',
    );
    expect(() => lint('ShadowLink', {}, { customRules: upperName as unknown as Rule[] })).toThrow(
      '"customRules" must be an array of rules, not an object',
    );
  });

  it('turn a rule that throws, or reports something malformed, into an internal-error finding', () => {
    const throwing = defineRule({
      ...upperName,
      id: '@test/throws',
      check: () => {
        throw new Error('boom');
      },
    });
    const badReport = defineRule({
      ...upperName,
      id: '@test/bad-report',
      check: (ctx) => ctx.report({ messageId: 'upper', pointer: 'name' }),
    });
    const unknownMessage = defineRule({
      ...upperName,
      id: '@test/unknown-message',
      check: (ctx) => ctx.report({ messageId: 'nope' as 'upper', pointer: '' }),
    });
    const r = lint('ShadowLink', link('D r', {}), { customRules: [throwing, badReport, unknownMessage, upperName] });
    const internal = r.diagnostics.filter((d) => d.code === 'internal-error').map((d) => d.message);
    expect(internal).toEqual([
      expect.stringContaining(
        'Custom rule @test/bad-report failed on this document (it reported pointer "name"; use a JSON Pointer',
      ),
      expect.stringContaining('Custom rule @test/throws failed on this document (boom): a bug in that rule'),
      expect.stringContaining(
        'Custom rule @test/unknown-message failed on this document (it reported message id "nope", which is not in its messages)',
      ),
    ]);
    // The other rules still ran.
    expect(r.diagnostics.some((d) => d.code === '@test/upper-name')).toBe(true);
    expect(r.diagnostics.some((d) => d.code === 'shadow-link-name')).toBe(true);
  });

  it('never print a secret a custom rule puts in its message', () => {
    const leaky = defineRule({
      id: '@test/leaky',
      severity: 'error',
      kinds: ['ShadowLink'],
      docs: { description: 'Leaks.' },
      messages: { leak: 'The password is {password}.' },
      check(ctx) {
        const password = (
          ctx.doc as { configurations: { clientOptions: { tlsSettings: { tlsPemSettings: { key: string } } } } }
        ).configurations.clientOptions.tlsSettings.tlsPemSettings.key;
        ctx.report({ messageId: 'leak', pointer: '', data: { password } });
      },
    });
    const key =
      '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7\n-----END PRIVATE KEY-----\n';
    const doc = link('x', { tlsSettings: { enabled: true, tlsPemSettings: { key, cert: 'c' } } });
    const messages = lint('ShadowLink', doc, { customRules: [leaky] }).diagnostics.map((d) => d.message);
    expect(messages.some((m) => m.startsWith('The password is'))).toBe(true);
    expect(messages.join('\n')).not.toContain('MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7');
  });

  it('are suppressed by directives naming their id, and such a directive is invalid without the rule', () => {
    const text = '# svc-admin-spec-disable-next-line @test/upper-name -- historic name\nname: Dr\n';
    const suppressed = lintText(text, { filename: 'a.yaml', customRules: [upperName] });
    expect(suppressed.diagnostics.map((d) => d.code)).not.toContain('@test/upper-name');
    expect(suppressed.diagnostics.map((d) => d.code)).not.toContain('suppression/unused');
    const without = lintText(text, { filename: 'a.yaml' });
    expect(without.diagnostics.find((d) => d.code === 'suppression/invalid')?.message).toContain(
      '"@test/upper-name", which is not a rule id',
    );
  });

  it('have their automatic fixes applied by fixText and applyFixes, with the same checks as built-in fixes', () => {
    const text = 'name: Dr-Link # the name\nconfigurations:\n  clientOptions:\n    bootstrapServers: ["s:9092"]\n';
    const fixed = fixText(text, { filename: 'a.yaml', customRules: [upperName] });
    expect(fixed.text).toBe(text.replace('Dr-Link', 'dr-link'));
    expect(fixed.result.diagnostics.map((d) => d.code)).not.toContain('@test/upper-name');
    const once = applyFixes(text, lintText(text, { filename: 'a.yaml', customRules: [upperName] }).diagnostics);
    expect(once.text).toBe(fixed.text);
    expect(once.skipped).toEqual([]);
  });

  it('are described in SARIF when the formatter is given them, with or without a docs URL', async () => {
    const { tlsRequired } = await loadExample();
    const results = [lintText('name: Dr\n', { filename: 'a.yaml', customRules: [upperName, tlsRequired] })];
    const sarif = JSON.parse(format(results, 'sarif', { customRules: [upperName, tlsRequired], cwd: '/r' })) as {
      runs: { tool: { driver: { rules: { id: string; helpUri?: string; shortDescription: { text: string } }[] } } }[];
    };
    const rules = sarif.runs[0]!.tool.driver.rules;
    expect(rules.find((r) => r.id === '@test/upper-name')).toMatchObject({
      shortDescription: { text: 'Link names are lowercase.' },
    });
    expect(rules.find((r) => r.id === '@test/upper-name')!.helpUri).toBeUndefined();
    expect(rules.find((r) => r.id === '@acme/tls-required')!.helpUri).toBe(
      'https://wiki.example.com/platform/policies/ps-12',
    );
    const finding = results[0]!.diagnostics.find((d) => d.code === '@test/upper-name')!;
    expect(finding.docsUrl).toBeUndefined();
  });

  it('checkRuleExamples reports examples that do not behave as listed', () => {
    const wrong = defineRule({
      ...upperName,
      examples: {
        valid: [{ doc: { name: 'Dr' } }],
        invalid: [{ doc: { name: 'dr' }, errors: [{ messageId: 'upper', pointer: '/name' }] }],
      },
    });
    expect(checkRuleExamples(wrong)).toEqual([
      'valid example 1: The link name "Dr" has capitals; write it in lowercase.',
      'invalid example 1: expected findings at @/name, found none',
    ]);
  });

  it('checkRuleExamples holds an invalid example to the document --fix makes of it (output)', () => {
    const withInvalid = (invalid: InvalidRuleExample[]) =>
      defineRule({ ...upperName, examples: { valid: [], invalid } });
    const doc = { name: 'DR' };
    const errors = [{ messageId: 'upper', pointer: '/name' }];
    expect(checkRuleExamples(withInvalid([{ doc, errors, output: { name: 'dr' } }]))).toEqual([]);
    expect(checkRuleExamples(withInvalid([{ doc, errors }]))).toEqual([
      'invalid example 1: --fix changes the document; state the result as output: {"name":"dr"}',
    ]);
    expect(checkRuleExamples(withInvalid([{ doc, errors, output: { name: 'Dr' } }]))).toEqual([
      'invalid example 1: expected output {"name":"Dr"}, --fix gives {"name":"dr"}',
    ]);
    // Stating the document itself says that --fix changes nothing, which is wrong here.
    expect(checkRuleExamples(withInvalid([{ doc, errors, output: doc }]))).toEqual([
      'invalid example 1: expected output {"name":"DR"}, --fix gives {"name":"dr"}',
    ]);
    // Without autofixes, an output other than the document is wrong too.
    const plain = defineRule({ ...upperName, check: (ctx) => ctx.report({ messageId: 'upper', pointer: '/name' }) });
    expect(checkRuleExamples({ ...plain, examples: { valid: [], invalid: [{ doc, errors, output: doc }] } })).toEqual(
      [],
    );
    expect(
      checkRuleExamples({ ...plain, examples: { valid: [], invalid: [{ doc, errors, output: { name: 'dr' } }] } }),
    ).toEqual(['invalid example 1: expected output {"name":"dr"}, --fix gives {"name":"DR"}']);
  });

  it('checkRuleExamples applies fixes as --fix does: rounds until none is left, values before renames, JSON only', () => {
    const rule = (id: string, fix: (name: unknown) => Fix[] | undefined) =>
      defineRule({
        id: `@test/${id}`,
        severity: 'error',
        kinds: ['ShadowLink'],
        docs: { description: 'Renames.' },
        messages: { m: 'Fix the name.' },
        check(ctx) {
          const doc = ctx.doc as Record<string, unknown>;
          const fixes = fix(doc['name'] ?? doc['Name']);
          if (fixes)
            ctx.report({
              messageId: 'm',
              pointer: Object.hasOwn(doc, 'Name') ? '/Name' : '/name',
              fix: fixes[0]!,
              ...(fixes.length > 1
                ? { suggestions: fixes.slice(1).map((f) => ({ message: 'Also this.', fix: f, autofix: true })) }
                : {}),
            });
        },
      });
    const example = (r: Rule, doc: unknown, output: unknown) =>
      checkRuleExamples({
        ...r,
        examples: {
          valid: [],
          invalid: [
            {
              doc,
              errors: [{ messageId: 'm', pointer: Object.hasOwn(doc as object, 'Name') ? '/Name' : '/name' }],
              output,
            },
          ],
        },
      });
    // a → b, then b → c in a second round, as --fix does.
    const chain = rule('chain', (n) =>
      n === 'a' || n === 'b' ? [{ kind: 'replace-value', pointer: '/name', value: n === 'a' ? 'b' : 'c' }] : undefined,
    );
    expect(example(chain, { name: 'a' }, { name: 'c' })).toEqual([]);
    expect(example(chain, { name: 'a' }, { name: 'b' })).toHaveLength(1);
    // A rename and a replacement of one entry: both apply to it.
    const both = rule('both', (n) =>
      n === 'a'
        ? [
            { kind: 'rename-key', pointer: '/Name', to: 'name' },
            { kind: 'replace-value', pointer: '/Name', value: 'b' },
          ]
        : undefined,
    );
    expect(example(both, { Name: 'a' }, { name: 'b' })).toEqual([]);
    // A value JSON cannot carry is no fix --fix can make.
    const nan = rule('nan', (n) => (n === 'a' ? [{ kind: 'replace-value', pointer: '/name', value: NaN }] : undefined));
    expect(example(nan, { name: 'a' }, { name: NaN })).toEqual([
      'invalid example 1: the autofixes of the findings do not fit the document (together, or as JSON), so --fix cannot apply them',
    ]);
    // A document holding a function is reported on, not thrown on.
    const fn = { name: 'a', cb: () => 1 };
    expect(() => example(chain, fn, { name: 'c' })).not.toThrow();
  });

  it('checkRuleExamples holds each finding to its suggestions: all of them, with the document after each fix', () => {
    const suggesting = defineRule({
      id: '@test/suggest-name',
      severity: 'warning',
      kinds: ['ShadowLink'],
      docs: { description: 'Link names come from the approved list.' },
      messages: { name: 'The link name is not on the approved list.' },
      check(ctx) {
        if ((ctx.doc as { name?: unknown }).name === 'DR')
          ctx.report({
            messageId: 'name',
            pointer: '/name',
            suggestions: [
              { message: 'Call it "dr".', fix: { kind: 'replace-value', pointer: '/name', value: 'dr' } },
              { message: 'Or ask for the name to be approved.' },
              // No value at /region to replace: an editor offers this one disabled.
              { message: 'Set the region.', fix: { kind: 'replace-value', pointer: '/region', value: 'eu' } },
            ],
          });
      },
    });
    const check = (suggestions?: ExampleSuggestion[]) =>
      checkRuleExamples({
        ...suggesting,
        examples: {
          valid: [],
          invalid: [
            {
              doc: { name: 'DR' },
              errors: [{ messageId: 'name', pointer: '/name', ...(suggestions ? { suggestions } : {}) }],
            },
          ],
        },
      });
    const right: ExampleSuggestion[] = [
      { message: 'Call it "dr".', output: { name: 'dr' } },
      { message: 'Or ask for the name to be approved.' },
      { message: 'Set the region.' },
    ];
    expect(check(right)).toEqual([]);
    const found =
      '[{"message":"Call it \\"dr\\".","output":{"name":"dr"}},{"message":"Or ask for the name to be approved."},{"message":"Set the region."}]';
    expect(check()).toEqual([
      `invalid example 1: the finding at /name has suggestions with fixes; state them: ${found}`,
    ]);
    const wrongOutput = [{ ...right[0]!, output: { name: 'Dr' } }, right[1]!, right[2]!];
    expect(check(wrongOutput)).toEqual([
      `invalid example 1: the finding at /name: expected suggestions ${JSON.stringify(wrongOutput)}, found ${found}`,
    ]);
    // Every suggestion is listed, in order; one without a fix (or whose fix does not fit) has no output.
    for (const wrong of [
      [right[0]!, right[2]!],
      [right[1]!, right[0]!, right[2]!],
      [right[0]!, { ...right[1]!, output: { name: 'DR' } }, right[2]!],
      [right[0]!, right[1]!, { ...right[2]!, output: { name: 'DR', region: 'eu' } }],
      [{ message: 'Call it "dr"', output: { name: 'dr' } }, right[1]!, right[2]!],
    ])
      expect(check(wrong), JSON.stringify(wrong)).toEqual([
        `invalid example 1: the finding at /name: expected suggestions ${JSON.stringify(wrong)}, found ${found}`,
      ]);
    // Suggestions without a fix need not be stated.
    const textOnly = defineRule({
      ...suggesting,
      check: (ctx) =>
        ctx.report({ messageId: 'name', pointer: '/name', suggestions: [{ message: 'Ask for approval.' }] }),
    });
    const invalid = [{ doc: { name: 'DR' }, errors: [{ messageId: 'name', pointer: '/name' }] }];
    expect(checkRuleExamples({ ...textOnly, examples: { valid: [], invalid } })).toEqual([]);
  });
});
