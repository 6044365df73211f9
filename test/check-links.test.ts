/**
 * The link check of `npm test` (scripts/check-links.ts): dead files and anchors fail with file:line,
 * a link into a folder generated at build time says how to generate it; the repository's own docs
 * pass, the generated API reference included (generated first when missing).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { API_PAGES, ensureBuilt } from './support/docs-build';
import { describe, expect, it } from 'vitest';
import { BUILT_DOCS, deadLinks, markdownFiles } from '../scripts/check-links';
import { headingAnchors } from '../scripts/markdown-slug';
import { ROOT, scratch } from './cli-helpers';

describe('check-links', () => {
  it('reports a missing file and a missing anchor with file and line, and accepts what resolves', () => {
    const root = scratch({
      'README.md': [
        '# Tool',
        '',
        'See [the CLI](docs/cli.md#exit-codes) and [fix](docs/cli.md#--fix).',
        '[gone](docs/gone.md) and [bad anchor](docs/cli.md#nope)',
        '```md',
        '[in code](nowhere.md)',
        '```',
        'Inline `[code](nowhere.md)` and [web](https://example.com/x.md) are not checked.',
        '[self](#tool) [self-bad](#missing)',
      ].join('\n'),
      'docs/cli.md':
        '# CLI\n\n## Exit codes\n\n### `--fix`\n\n[back](../README.md#tool) [site](/cli#exit-codes) [site-bad](/nope)\n',
    });
    expect(markdownFiles(root)).toEqual(['README.md', 'docs/cli.md']);
    expect(deadLinks(root).map((d) => `${d.file}:${d.line} ${d.target}`)).toEqual([
      'README.md:4 docs/gone.md',
      'README.md:4 docs/cli.md#nope',
      'README.md:9 #missing',
      'docs/cli.md:7 /nope',
    ]);
  });

  it("makes GitHub's anchors: code without backticks, punctuation dropped, repeats numbered", () => {
    const anchors = headingAnchors(
      '# Sending requests: `svc-admin-spec/client`, `apply` and `get-broker`\n## `--print-config`\n## Limits\n## Limits\n```\n# not a heading\n```\n',
    );
    expect([...anchors]).toEqual([
      'sending-requests-svc-admin-specclient-apply-and-get-broker',
      '--print-config',
      'limits',
      'limits-1',
    ]);
  });

  it('names the command that writes a generated folder a link points into when the folder is missing', () => {
    const root = scratch({ 'docs/library.md': '# Library\n\n[API](api/index.md) [gone](api-old/index.md)\n' });
    expect(BUILT_DOCS['docs/api']).toBe('npm run docs:api');
    expect(deadLinks(root).map((d) => d.reason)).toEqual([
      'docs/api/index.md does not exist: docs/api/ is generated, run `npm run docs:api` first',
      'docs/api-old/index.md does not exist',
    ]);
  });

  it('finds no dead link in the README, CONTRIBUTING and the docs site with its API reference', () => {
    ensureBuilt(API_PAGES, () => existsSync(join(ROOT, 'docs', 'api', 'index.md')));
    expect(markdownFiles(ROOT)).toContain('docs/api/svc-admin-spec/functions/lint.md');
    expect(deadLinks(ROOT)).toEqual([]);
  }, 120_000);
});
