// The stand-in beside ajv-cli in `npm run bench` (its own row): what `ajv validate
// --spec=draft2020 --strict=false -s <schema> -d "<dir>/*"` does, with this project's own ajv —
// compile the exported schema, then read, parse and validate each file of the folder and print its
// verdict. YAML is read with the `yaml` package (ajv-cli reads it with js-yaml).
// Usage: node scripts/bench-ajv.mjs <schema.json> <folder>
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import { parse as parseYaml } from 'yaml';

const [schemaPath, folder] = process.argv.slice(2);
const ajv = new Ajv2020({ strict: false });
const validate = ajv.compile(JSON.parse(readFileSync(schemaPath, 'utf8')));
let invalid = 0;
for (const name of readdirSync(folder).sort()) {
  const file = join(folder, name);
  const text = readFileSync(file, 'utf8');
  const data = /\.ya?ml$/.test(name) ? parseYaml(text) : JSON.parse(text);
  if (validate(data)) console.log(`${file} valid`);
  else {
    invalid++;
    console.error(`${file} invalid`);
    console.error(ajv.errorsText(validate.errors));
  }
}
process.exitCode = invalid > 0 ? 1 : 0;
