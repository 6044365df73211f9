/**
 * `npm run new:rule <id> [trait]`: scaffolds src/rules/<id>.ts — a rule whose examples (its tests
 * and docs page) already pass — and regenerates the rule index, the code union and the docs.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isKindTrait, KIND_TRAIT_NAMES, type KindTrait } from '../src/model/kinds';
import { ruleIndexFile } from './rule-index';

/** The source of a new rule (importing the rule API from `api`): a working check of `name` in every shadow link it applies to, with examples to edit. */
export function ruleScaffold(id: string, trait: KindTrait = 'request-link', api = '../rule-api'): string {
  return `import { defineRule } from '${api}/types';
import { exampleClient, exampleLink, ownString } from '${api}/helpers';

/** TODO: one line on what this rule checks. */
export default defineRule({
  id: '${id}',
  severity: 'warning',
  appliesTo: '${trait}',
  docs: {
    description: 'TODO: what the rule checks, in one sentence that names the field.',
    rationale:
      'TODO: why — which server behaviour it follows, with the file of the server source that shows it.',
  },
  messages: { empty: '\`name\` is empty: give the link a name.' },
  // A check over the whole document runs as a custom rule too, so the scaffold works before \`npm run gen\`
  // registers it; a built-in rule then visits the model definitions it reads instead (\`visit\`, see
  // CONTRIBUTING.md, "Adding a rule"): its checks run in the pass that checks the structure.
  check(ctx) {
    // Read raw values; build the pointer only to report (a clean document allocates nothing).
    if (ctx.link && ownString(ctx.link.value, 'name') === '')
      ctx.report({ messageId: 'empty', pointer: \`\${ctx.link.pointer}/name\` });
  },
  examples: {
    valid: [{ doc: exampleLink(exampleClient()) }],
    // A finding with a fix states what it does: \`output\` on the example (the document after --fix) and
    // \`suggestions: [{ message, output }]\` on its error (each other suggestion, the document after its fix).
    invalid: [{ doc: exampleLink(exampleClient(), ''), errors: [{ messageId: 'empty', pointer: '/name' }] }],
  },
});
`;
}

const ID = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

if (process.argv[1]?.endsWith('new-rule.ts')) {
  const [id, trait = 'request-link'] = process.argv.slice(2);
  const root = join(import.meta.dirname, '..');
  if (!id || !ID.test(id)) {
    console.error('usage: npm run new:rule <id> [trait]   (id in kebab-case, e.g. link-name-length)');
    process.exit(2);
  }
  if (!isKindTrait(trait)) {
    console.error(`Unknown trait "${trait}"; use one of: ${KIND_TRAIT_NAMES.join(', ')}.`);
    process.exit(2);
  }
  const file = join(root, 'src/rules', `${id}.ts`);
  if (existsSync(file)) {
    console.error(`src/rules/${id}.ts exists already.`);
    process.exit(2);
  }
  writeFileSync(file, ruleScaffold(id, trait));
  console.log(`wrote src/rules/${id}.ts`);
  // The index first: the generator loads the rule registry, which must already list the new rule
  // for its docs page, the code union and the README table to be written in the same run.
  writeFileSync(join(root, 'src/rules/index.ts'), ruleIndexFile(root));
  execFileSync(process.execPath, ['--import', 'tsx', join(root, 'scripts/gen.ts')], { stdio: 'inherit', cwd: root });
}
