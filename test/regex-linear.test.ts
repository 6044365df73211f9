/**
 * Every regular expression that sees user text runs in linear time. Each field a pattern checks
 * gets 1 MB adversarial strings: long runs of a prefix the pattern accepts, then a character that
 * makes it fail (what drives a backtracking engine quadratic). The bound is each test's timeout: a
 * quadratic pattern needs hours on 1 MB, a linear one milliseconds. No timing is asserted.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lint, lintText, type DocumentKind } from '../src/index';
import { unifiedDiff } from '../src/fix/diff';
import { kindOfSchemaRef } from '../src/kind/detect';
import { isDocumentKind } from '../src/model/kinds';
import { isSecretKeyName } from '../src/secrets/classify';
import { keyLine, secretSpans } from '../src/source/secret-spans';
import { ENDS, FIELDS, run } from './adversarial';
import { clone, setAt, validFixtures } from './helpers';

const fixture = (name: string) => validFixtures().find((f) => f.name === name)!;

describe('every pattern that sees user text is linear: 1 MB adversarial strings', () => {
  for (const [name, pointer, units] of FIELDS) {
    it(`${name.split('.')[0]} ${pointer}`, () => {
      const f = fixture(name);
      for (const unit of units) {
        for (const end of ENDS) {
          const doc = clone(f.value);
          setAt(doc, pointer, run(unit, end));
          const r = lint(f.kind as DocumentKind, doc, { isFile: true });
          expect(r.diagnostics.map((d) => d.code)).not.toContain('internal-error');
        }
      }
    }, 30_000);
  }

  it('keys: snake_case, case and did-you-mean checks', () => {
    for (const unit of ['a', 'a_', '_', 'A']) {
      for (const end of ENDS) {
        const key = run(unit, end);
        const r = lint('ShadowLink', { name: 'x', configurations: { [key]: 1, clientOptions: { [key]: 1 } } });
        expect(r.diagnostics.length).toBeGreaterThan(0);
      }
    }
  }, 30_000);

  it('$schema: the kind named by a reference', () => {
    for (const unit of ['a', '/', '/a', 'a.schema.json?', '/a.schema.json?', '/ShadowLink.schema.json?']) {
      for (const end of ['!', '\nx', ' ', '.schema.json']) {
        const ref = run(unit, end);
        const r = lintText(JSON.stringify({ $schema: ref, name: 'x' }), { filename: 's.json' });
        expect(r.kind).toBe(kindOfSchemaRef(ref) ?? null);
        if (r.kind === null) expect(r.diagnostics.map((d) => d.code)).toEqual(['kind/unknown-schema']);
      }
    }
  }, 30_000);

  it('the $schema scan agrees with the pattern it replaced', () => {
    const before = (ref: string) => {
      const m = /(?:^|[/\\])([A-Za-z]+)\.schema\.json(?:[?#].*)?$/.exec(ref.trim());
      return m && isDocumentKind(m[1]) ? m[1] : undefined;
    };
    const part = fc.constantFrom(
      '/',
      '\\',
      '.schema.json',
      'ShadowLink',
      'GetBrokerRequest',
      'a',
      '?',
      '#',
      '\n',
      ' ',
      '1',
      '\u2028',
    );
    fc.assert(
      fc.property(fc.array(part, { maxLength: 12 }), (parts) => {
        const ref = parts.join('');
        expect(kindOfSchemaRef(ref)).toBe(before(ref));
      }),
      { numRuns: 2000 },
    );
  });

  it('the key-line scan of the secret finder agrees with the pattern it replaced, for credential keys', () => {
    const before = /^([ \t]*(?:-[ \t]+)*)(["']?)([^"':#{}[\],]{1,64})\2[ \t]*:(?:[ \t]|$)/;
    const part = fc.constantFrom(
      ' ',
      '\t',
      '-',
      '- ',
      'pass',
      'pwd',
      'token',
      '"',
      "'",
      ':',
      ': ',
      '#',
      ',',
      'x'.repeat(30),
      'a b',
    );
    fc.assert(
      fc.property(fc.array(part, { maxLength: 14 }), (parts) => {
        const line = parts.join('');
        const m = before.exec(line);
        const expected =
          m && isSecretKeyName(m[3]!.trim())
            ? { indent: m[1]!.length, key: m[3]!.trim(), valueStart: m[0].length }
            : undefined;
        const k = keyLine(line);
        const actual = k && isSecretKeyName(k.key.trim()) ? { ...k, key: k.key.trim() } : undefined;
        expect(actual).toEqual(expected);
      }),
      { numRuns: 3000 },
    );
  });

  it('YAML comments: suppression directives and the schema modeline', () => {
    for (const unit of ['#', ' ', 'svc-admin-spec-disable ', ' -- ', 'shadow-link-name, ', '$schema=']) {
      const line = run(unit, '!').replace(/\n/g, ' ');
      for (const text of [
        `# ${line}\nname: x\n`,
        `# svc-admin-spec-disable ${line}\nname: x\n`,
        `# yaml-language-server: ${line}\nname: x\n`,
      ]) {
        expect(() => lintText(text, { filename: 'c.yaml' })).not.toThrow();
      }
    }
  }, 30_000);

  it('secrets in raw text (files that do not parse) and in fix previews', () => {
    // The line finder reads every line of a file; the JSON finder keeps the parse cheap, so the lines are what is measured.
    for (const unit of [
      ' ',
      '- ',
      'pass',
      'password: x\n',
      '"',
      "'",
      ':',
      '-----BEGIN ',
      '-----BEGIN PRIVATE KEY-----',
    ]) {
      for (const end of ENDS) {
        const s = run(unit, end);
        for (const text of [`password: ${s}\n`, `${s}: 1\n`, `  - ${s}\n`]) secretSpans(text, 'json');
      }
    }
    for (const unit of [' ', 'pass', ':', '-----BEGIN ']) secretSpans(`password: ${run(unit, '!')}\n`, 'yaml');
    // A fix preview of a block scalar whose header line ends in a long run of spaces.
    const header = run(' ', '#');
    expect(unifiedDiff(`a: |${header}\n  x\n`, `a: y${header}\n`, 'a.yaml', 'yaml')).toContain('@@');
  }, 60_000);
});
