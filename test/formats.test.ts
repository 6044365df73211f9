/** The format predicates the validator uses agree with the patterns the editor schemas carry. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isBase64, isUuid } from '../src/model/formats';
import { FORMAT_PATTERNS } from '../src/schema/editor-constraints';

const matches = (format: string, s: string): boolean => new RegExp(FORMAT_PATTERNS[format]!.pattern).test(s);

describe('format predicates', () => {
  it('base64: standard base64, padded or not (Connect emits it unpadded), on one line', () => {
    for (const ok of ['', 'AAAA', 'q83v', 'AAECAw==', 'AAECAwQ=', 'ab+/', 'AAA', 'AAECAw', 'CgNmb28'])
      expect(isBase64(ok), ok).toBe(true);
    for (const bad of [
      'A',
      'AAAAA',
      'AA=A',
      'AAAA=',
      'AAA==',
      'AA==AAAA',
      'ab-_',
      'AAAA\n',
      '!!!\n',
      'AAAA\nAAAA',
      ' AAAA',
    ]) {
      expect(isBase64(bad), JSON.stringify(bad)).toBe(false);
    }
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9+/=\n!]{0,12}$/), (s) => {
        expect(isBase64(s)).toBe(matches('base64', s));
      }),
    );
  });

  it('uuid: the hyphenated form, any case, no urn: prefix', () => {
    expect(isUuid('0c6b9d5e-3f4a-4b1c-9d2e-7a8b6c5d4e3f')).toBe(true);
    expect(isUuid('0C6B9D5E-3F4A-4B1C-9D2E-7A8B6C5D4E3F')).toBe(true);
    for (const bad of ['urn:uuid:0c6b9d5e-3f4a-4b1c-9d2e-7a8b6c5d4e3f', '0c6b9d5e3f4a4b1c9d2e7a8b6c5d4e3f', '']) {
      expect(isUuid(bad), bad).toBe(false);
    }
    fc.assert(
      fc.property(
        fc.oneof(
          fc.uuid().map((u) => u.toUpperCase()),
          fc.uuid(),
          fc.string({ maxLength: 40 }),
        ),
        (s) => {
          expect(isUuid(s)).toBe(matches('uuid', s));
        },
      ),
    );
  });
});
