/**
 * Generates the acceptors: per document kind, one function that walks a value once and answers 0
 * when it is plain JSON data that the kind's schema accepts, 1 when it is plain JSON the schema
 * refuses somewhere, 2 when it is not plain JSON (or the acceptor leaves it to the full checks) —
 * the JSON-value check and the structure check fused into one pass, with nothing allocated. `lint`
 * trusts a 0 and skips both checks, and on a 1 skips the JSON-value check; so an acceptor may answer
 * 2 conservatively, but a 0 must mean both checks pass and a 1 that the value is plain JSON
 * (test/acceptors.test.ts holds it to that).
 *
 * Only the keywords the model uses are compiled; any other keyword fails the build rather than being
 * ignored.
 */

import { ALL_PASS_NOTES, PASS_NOTES } from '../src/model/pass-notes';
import { protoName } from '../src/decode/decode';

type Schema = Record<string, unknown>;

/**
 * Per format, the notes (src/model/pass-notes) of a string `v`: JavaScript for those of one the
 * format accepts, and the bits of one it refuses.
 */
const FORMAT_NOTES: Readonly<Record<string, { accepted?: string; refused?: number }>> = {
  duration: { accepted: `(v.charCodeAt(0) === 45 || v.charCodeAt(0) === 48 ? ${PASS_NOTES['short-duration']} : 0)` },
  // Canonical timestamps compare as text: their date comes first, with a four-digit year.
  timestamp: {
    accepted: `(v >= '1970-01-02' && v < PAST_DAY ? 0 : ${PASS_NOTES['timestamp-near-now']})`,
    refused: PASS_NOTES['timestamp-near-now'],
  },
};

/** A schema that is only a `$ref` (to a definition): judged by that definition's function. */
const isPureRef = (schema: Schema): schema is Schema & { $ref: string } =>
  typeof schema.$ref === 'string' && Object.keys(schema).every((k) => k === '$ref');

/** The `type` keyword as a list (none: empty). */
const typesOf = (schema: Schema): unknown[] =>
  schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];

/** An enum whose omission or `*_UNSPECIFIED` value the server reads as unspecified. */
const hasUnspecified = (values: readonly string[]): boolean => values.some((v) => v.endsWith('_UNSPECIFIED'));

const KNOWN = new Set([
  '$id',
  '$ref',
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'format',
  'minimum',
  'maximum',
]);

/** JavaScript for the acceptors of `roots` (by kind), whose `$ref`s point into `defs` (`<defsId>#/$defs/Name`). */
export function acceptorCode(
  roots: Record<string, Schema>,
  defs: Record<string, Schema>,
  defsId: string,
  isSecretKey: (name: string) => boolean,
  aliases: ReadonlySet<string>,
): string {
  const functions: string[] = [];
  const constants: string[] = [];
  const defNames = new Map<string, string>();
  // Every definition has a hook slot, by its place in this sorted list (the engine maps names to slots).
  const hookNames = Object.keys(defs).sort();
  let counter = 0;

  const refTarget = (ref: string): string => {
    const prefix = `${defsId}#/$defs/`;
    if (!ref.startsWith(prefix)) throw new Error(`acceptors: unsupported $ref ${ref}`);
    const name = ref.slice(prefix.length);
    if (!Object.hasOwn(defs, name)) throw new Error(`acceptors: no definition ${name}`);
    let fn = defNames.get(name);
    if (!fn) {
      fn = `def_${name.replace(/\W/g, '_')}`;
      defNames.set(name, fn);
      compileNamed(defs[name]!, fn, hookNames.indexOf(name));
    }
    return fn;
  };

  /**
   * The name of a function `(v, d, h) => 0 | 1 | 2` judging a value by `schema` (d: the nesting
   * depth of v; h: the hooks by definition slot, or undefined).
   */
  const fnFor = (schema: Schema): string => {
    if (isPureRef(schema)) return refTarget(schema.$ref);
    const body = compile(schema);
    // Schemas that compile alike share one function (most strings, int32s and enums repeat).
    let name = byBody.get(body);
    if (!name) {
      name = `f${counter++}`;
      byBody.set(body, name);
      functions.push(`function ${name}(v, d, h) {\n  ${body}\n}`);
    }
    return name;
  };
  const byBody = new Map<string, string>();
  const enums = new Map<string, string>();
  const formats = new Set<string>();

  /** Compiles a definition under its own name (it may refer to itself); an object it accepts or refuses is handed to hook `hook`. */
  function compileNamed(schema: Schema, name: string, hook: number): void {
    const slot = functions.length;
    functions.push('');
    functions[slot] = `function ${name}(v, d, h) {\n  ${compile(schema, hook)}\n}`;
  }

  /** The statements of a function `(v, d, h) => 0 | 1 | 2` for `schema` (`hook`: its definition's hook slot). */
  function compile(schema: Schema, hook = -1): string {
    for (const k of Object.keys(schema)) if (!KNOWN.has(k)) throw new Error(`acceptors: unsupported keyword ${k}`);
    const body: string[] = [];
    if (typeof schema.$ref === 'string') {
      // A reference beside other keywords: both must hold.
      const target = refTarget(schema.$ref);
      body.push(`const r = ${target}(v, d, h);`, 'if (r !== 0) return r;');
    }
    const types = typesOf(schema);
    for (const t of types)
      if (!['object', 'array', 'string', 'integer', 'boolean'].includes(t as string))
        throw new Error(`acceptors: unsupported type ${String(t)}`);
    if (types.length === 0 && schema.$ref === undefined) {
      for (const k of ['properties', 'items', 'enum', 'format', 'minimum', 'maximum', 'required'])
        if (k in schema) throw new Error(`acceptors: ${k} without a type`);
      body.push('return anything(v, d);');
      return body.join('\n  ');
    }
    if (types.length === 0) {
      body.push('return 0;');
      return body.join('\n  ');
    }
    if (Array.isArray(schema.enum)) {
      if (types.length !== 1 || types[0] !== 'string' || !schema.enum.every((x) => typeof x === 'string'))
        throw new Error('acceptors: enum only of strings');
      const values = JSON.stringify(schema.enum);
      let set = enums.get(values);
      if (!set) {
        set = `isEnum${enums.size}`;
        enums.set(values, set);
        // A switch, not a Set: a string fresh from JSON.parse has no hash yet, and computing one costs
        // more than comparing it with a few names (most differ in length). UNSPECIFIED values and
        // aliases are noted (src/model/pass-notes).
        const names = schema.enum as string[];
        const group = (list: string[], then: string): string =>
          list.length === 0 ? '' : `${list.map((x) => `case ${JSON.stringify(x)}:`).join(' ')} ${then} `;
        const unspecified = names.filter((x) => x.endsWith('_UNSPECIFIED'));
        const alias = names.filter((x) => aliases.has(x) && !unspecified.includes(x));
        const others = names.filter((x) => !unspecified.includes(x) && !alias.includes(x));
        const cases =
          group(unspecified, `NOTES |= ${PASS_NOTES['enum-unspecified']}; return true;`) +
          group(alias, `NOTES |= ${PASS_NOTES['enum-alias']}; return true;`) +
          group(others, 'return true;');
        constants.push(`const ${set} = (v) => {\n  switch (v) { ${cases}}\n  return false;\n};`);
      }
      body.push(`if (typeof v !== 'string' || !${set}(v)) return enumRefused(v, d);`);
    }
    const branches: string[] = [];
    for (const t of types) {
      switch (t) {
        case 'string': {
          // A string that may hold a PEM private key (the test `containsPrivateKey` starts with) sends
          // the secret search through the value. An enum's values (checked above) never hold one, nor
          // does a string its format accepts (digits, a timestamp, a duration, a UUID): those strings
          // are looked at only when refused.
          const long = 'if (mayHoldPrivateKey(v)) LONG = true;';
          const format = schema.format === undefined ? undefined : JSON.stringify(schema.format);
          branches.push(
            format === undefined
              ? `if (typeof v === 'string') { ${Array.isArray(schema.enum) ? '' : `${long} `}return 0; }`
              : `if (typeof v === 'string') {\n    if (${formatCheck(schema.format)}(v)) ${formatAccepted(schema.format)}\n    ${long}${formatRefused(schema.format)}\n    return badFormat(d, ${format});\n  }`,
          );
          break;
        }
        case 'boolean':
          branches.push(`if (typeof v === 'boolean') return 0;`);
          break;
        case 'integer': {
          const min = typeof schema.minimum === 'number' ? ` && v >= ${schema.minimum}` : '';
          const max = typeof schema.maximum === 'number' ? ` && v <= ${schema.maximum}` : '';
          // Bounds within ±(2^53 − 1) (an int32) leave nothing to note.
          const bounded =
            typeof schema.minimum === 'number' &&
            typeof schema.maximum === 'number' &&
            Number.isSafeInteger(schema.minimum) &&
            Number.isSafeInteger(schema.maximum);
          const accepted = bounded
            ? '0'
            : `(v > ${Number.MAX_SAFE_INTEGER} || v < ${Number.MIN_SAFE_INTEGER} ? unsafeInteger() : 0)`;
          branches.push(
            `if (typeof v === 'number') return Number.isInteger(v)${min}${max} ? ${accepted} : refused(v, d);`,
          );
          break;
        }
        case 'array': {
          const item = schema.items === undefined ? 'anything' : fnFor(schema.items as Schema);
          const path =
            schema.items === undefined || !needsPath(schema.items as Schema)
              ? ''
              : '\n      if (h !== undefined) P[d] = i;';
          branches.push(
            `if (Array.isArray(v)) {\n    if (d >= MAX_DEPTH) return 2;\n    let s = 0;\n    for (let i = 0; i < v.length; i++) {${path}\n      const r = ${item}(v[i], d + 1, h);\n      if (r === 2) return 2;\n      s |= r;\n    }\n    return s;\n  }`,
          );
          break;
        }
        case 'object':
          branches.push(objectBranch(schema, hook));
          break;
      }
    }
    body.push(...branches, 'return refused(v, d);');
    return body.join('\n  ');
  }

  /** What follows a string's format accepting it: its notes, if the format has any, and 0. */
  function formatAccepted(format: unknown): string {
    const notes = formatNotes(format)?.accepted;
    // Computed only in a pass with hooks (a response's has none): NOTES_OF_HOOKED_PASSES lists them.
    return notes === undefined
      ? 'return 0;'
      : `{\n      if (h !== undefined) NOTES |= ${notes};\n      return 0;\n    }`;
  }

  /** What a string's format refusing it notes, if anything (a statement on its own line). */
  function formatRefused(format: unknown): string {
    const bits = formatNotes(format)?.refused;
    return bits === undefined ? '' : `\n    NOTES |= ${bits};`;
  }

  /** A format's notes, if it has any. */
  function formatNotes(format: unknown): { accepted?: string; refused?: number } | undefined {
    return typeof format === 'string' && Object.hasOwn(FORMAT_NOTES, format) ? FORMAT_NOTES[format] : undefined;
  }

  /** The schema a property is judged by: the definition a pure `$ref` names (undefined if none), or itself. */
  const definitionOf = (sub: Schema): Schema | undefined =>
    isPureRef(sub) ? defs[sub.$ref.slice(`${defsId}#/$defs/`.length)] : sub;

  /**
   * Whether judging a value by `schema` may read the path to it: an object or array (hooks below it
   * report there), a string with a format (a refusal records where), or anything not plainly a scalar.
   */
  function needsPath(sub: Schema): boolean {
    const target = definitionOf(sub);
    if (target === undefined || target.$ref !== undefined || target.format !== undefined) return true;
    const types = typesOf(target);
    return types.length === 0 || types.some((t) => t === 'object' || t === 'array');
  }

  /** Whether a property's schema is an enum with an UNSPECIFIED value (directly or through its definition). */
  function isUnspecifiable(sub: Schema): boolean {
    const target = definitionOf(sub);
    return target !== undefined && Array.isArray(target.enum) && hasUnspecified(target.enum as string[]);
  }

  /** The constant holding a format's check, declared on first use. */
  function formatCheck(format: unknown): string {
    if (typeof format !== 'string' || !/^\w+$/.test(format)) throw new Error(`acceptors: bad format ${String(format)}`);
    const c = `FORMAT_${format}`;
    if (!formats.has(format)) {
      formats.add(format);
      constants.push(`const ${c} = formatChecks[${JSON.stringify(format)}];`);
    }
    return c;
  }

  function objectBranch(schema: Schema, hook: number): string {
    const props = (schema.properties ?? {}) as Record<string, Schema>;
    const required = (schema.required ?? []) as string[];
    if (required.length > 30) throw new Error('acceptors: more than 30 required properties');
    const extra = schema.additionalProperties;
    if (extra !== undefined && extra !== true && extra !== false)
      throw new Error('acceptors: additionalProperties must be true or false');
    const cases: string[] = [];
    // Enum fields with an UNSPECIFIED value are marked present after the required ones: an object
    // without one of them is noted (its field means UNSPECIFIED).
    const enumFields = Object.keys(props).filter((key) => !required.includes(key) && isUnspecifiable(props[key]!));
    if (required.length + enumFields.length > 30) throw new Error('acceptors: more than 30 marked properties');
    const bitOf = (key: string): number =>
      required.includes(key)
        ? required.indexOf(key)
        : enumFields.includes(key)
          ? required.length + enumFields.indexOf(key)
          : -1;
    for (const [key, sub] of Object.entries(props)) {
      if (key === '__proto__') throw new Error('acceptors: a property named __proto__');
      const bit = bitOf(key);
      // Present is enough: a refused value has its own verdict, and "required" holds all the same.
      const mark = bit >= 0 ? `\n          seen |= ${1 << bit};` : '';
      // A field named like a credential: its value is a secret to mask wherever a message repeats it.
      const secret = isSecretKey(key) ? '\n          if (maySecret(v[k])) SECRET_KEYS = true;' : '';
      // The path is kept only where something reads it: the hooks below an object or array, and a
      // format's refusal (src/generated FORMAT_REFUSALS); a plain scalar's key is never read.
      const path = needsPath(sub) ? '\n          if (h !== undefined) P[d] = k;' : '';
      cases.push(
        `case ${JSON.stringify(key)}:${secret}${path}\n          r = ${fnFor(sub)}(v[k], d + 1, h);${mark}\n          break;`,
      );
    }
    for (const r of required) if (!Object.hasOwn(props, r)) throw new Error(`acceptors: required ${r} has no schema`);
    // An own `__proto__` key (JSON.parse makes one) is left to the full checks.
    cases.push(`case '__proto__': return 2;`);
    if (extra === false) {
      // A field's protobuf name (`bootstrap_servers`) is refused here but renamed by the decoder:
      // that refusal is left to the full checks. Any other key the schema does not name is recorded
      // (UNKNOWN_KEYS) with the path of its object, kept once per object in the local `u`.
      const aliases = Object.keys(props)
        .map(protoName)
        .filter((proto) => !Object.hasOwn(props, proto));
      if (aliases.length > 0)
        cases.push(
          `${aliases.map((a) => `case ${JSON.stringify(a)}:`).join(' ')}\n          UNKNOWN_KEY = true;\n          r = unknown(v[k], d + 1) ? 1 : 2;\n          break;`,
        );
      cases.push(
        'default:\n          if (!unknown(v[k], d + 1)) return 2;\n          (u ??= unknownAt(d)).push(k);\n          r = 8;',
      );
    } else cases.push('default:\n          UNKNOWN_KEY = true;\n          r = unknown(v[k], d + 1) ? 0 : 2;');
    const requiredBits = (2 ** required.length - 1) >>> 0;
    const enumBits = ((2 ** (required.length + enumFields.length) - 1) >>> 0) - requiredBits;
    const all =
      (required.length === 0 ? '' : `\n    if ((seen & ${requiredBits}) !== ${requiredBits}) s |= 1;`) +
      (enumFields.length === 0
        ? ''
        : `\n    if ((seen & ${enumBits}) !== ${enumBits}) NOTES |= ${PASS_NOTES['enum-unspecified']};`);
    // The hooks see the object whatever the verdict on it: the rules judge refused documents too.
    const call =
      hook < 0
        ? ''
        : `\n    if (h !== undefined) {\n      const f = h[${hook}];\n      if (f !== undefined) f(v, d, NOTES);\n    }`;
    return `if (typeof v === 'object' && v !== null && !Array.isArray(v)) {
    if (d >= MAX_DEPTH) return 2;
    const p = Object.getPrototypeOf(v);
    if (p !== Object.prototype && p !== null) return 2;
    let seen = 0;
    let s = 0;${extra === false ? '\n    let u;' : ''}
    // Keys counted in a local, added to K once: an increment of a module variable per key shows.
    let n = 0;
    for (const k in v) {
      let r = 0;
      n++;
      switch (k) {
        ${cases.join('\n        ')}
      }
      if (r === 2) return 2;
      s |= r;
    }
    K += n;${all}${call}
    return s;
  }`;
  }

  /** A definition whose schema a kind's root repeats (the ShadowLink kind is the ShadowLink definition): its hooks run there too. */
  const sameDef = (schema: Schema): string | undefined => {
    const text = JSON.stringify(schema);
    return hookNames.find((name) => JSON.stringify(defs[name]) === text);
  };

  const exported: string[] = [];
  const walkerExports: string[] = [];
  const walkers = walkerCode(defs, defsId, hookNames);
  for (const [kind, root] of Object.entries(roots)) {
    const { $id: _id, ...schema } = root;
    const def = sameDef(schema);
    const fn = def === undefined ? fnFor(schema) : refTarget(`${defsId}#/$defs/${def}`);
    exported.push(
      `/** The verdict on a ${kind} (0 allowed, 2 not plain JSON, else refusal bits: see the top of this file); each object at a definition's place goes to its hook in \`h\`. */\nexport const ${kind} = (v, h) => {\n  if (FORMAT_REFUSALS.length !== 0) FORMAT_REFUSALS.length = 0;\n  if (UNKNOWN_KEYS.length !== 0) UNKNOWN_KEYS.length = 0;\n  K = 0;\n  UNCOUNTED = false;\n  SECRET_KEYS = false;\n  LONG = false;\n  UNKNOWN_KEY = false;\n  NOTES = 0;\n  return ${fn}(v, 0, h);\n};`,
    );
    walkerExports.push(
      `  ${kind}: (v, h) => ${walkers.walkerFor(def === undefined ? schema : { $ref: `${defsId}#/$defs/${def}` })}(v, 0, h),`,
    );
  }
  return [
    '// Generated by scripts/build-validators.ts (scripts/acceptor-code.ts) from src/model. Do not edit.',
    "import { formatChecks } from '../model/formats';",
    "import { isPlainJson as plain, MAX_DEPTH } from '../util/plain-json';",
    "import { mayHoldPrivateKey, worthMasking } from '../util/secret-text';",
    '/**',
    ' * Verdicts: 0 plain JSON the schema allows; 2 not plain JSON (or left to the full checks); otherwise',
    ' * plain JSON the schema refuses, as bits: 1 for a refusal of any kind but these two, 4 for a string',
    ' * its format refuses (each recorded in FORMAT_REFUSALS), 8 for a key the schema does not name nor',
    ' * spell another way (each recorded in UNKNOWN_KEYS).',
    ' */',
    '/** Keys counted in the last judgement; and whether some went uncounted (values judged by `plain` alone). */',
    'let K = 0;',
    'let UNCOUNTED = false;',
    '/** The keys of the objects in the last judged value, when it was judged key by key throughout (else -1). */',
    'export const keysCounted = () => (UNCOUNTED ? -1 : K);',
    '/** Whether the last judged value had a credential-named field holding a secret, or a string that may hold a private key. */',
    'let SECRET_KEYS = false;',
    'let LONG = false;',
    '/** Whether the last judged value had a key its schema does not name that is not in UNKNOWN_KEYS (where any key is allowed, or a protobuf name). */',
    'let UNKNOWN_KEY = false;',
    '/**',
    ' * False only when the last value judged can hold no secret: no credential-named field holding one, no',
    ' * field the schema does not name, no string that may hold a private key, and every object',
    " * judged key by key. Meaningful after a verdict without bit 1 only (a refusal may skip a value's strings).",
    ' */',
    'export const mayHoldSecrets = () => mayHoldSecretsBesidesUnknownKeys() || UNKNOWN_KEYS.length !== 0;',
    '/** `mayHoldSecrets` leaving out the keys recorded in UNKNOWN_KEYS (scalars: a secret there is under a credential-named key). */',
    'export const mayHoldSecretsBesidesUnknownKeys = () => SECRET_KEYS || LONG || UNCOUNTED || UNKNOWN_KEY;',
    '/** Whether a value under a credential-named field is one the secret search keeps (`worthMasking`, as the redaction asks). */',
    'const maySecret = (x) =>',
    "  typeof x === 'string'",
    '    ? worthMasking(x)',
    "    : typeof x === 'number' ? worthMasking(String(x)) : typeof x === 'object' && x !== null;",
    '/** `plain` for a value the schema does not look into: its keys, if any, go uncounted. */',
    'const unknown = (v, d) => {',
    "  if (typeof v === 'object' && v !== null) UNCOUNTED = true;",
    "  else if (typeof v === 'string' && mayHoldPrivateKey(v)) LONG = true;",
    '  return plain(v, d);',
    '};',
    '/** The verdict on a value the schema refuses here: 1 when it is plain JSON all the same, else 2. */',
    'const refused = (v, d) => (unknown(v, d) ? 1 : 2);',
    '/** The notes of the judgement under way (src/model/pass-notes), handed to each hook. */',
    'let NOTES = 0;',
    '/** The notes of the last judgement (meaningful after a verdict of 0 or 4, when every value was judged by its schema). */',
    'export const notesTaken = () => NOTES;',
    '/** An integer the schema allows that a double cannot hold exactly: noted. */',
    `const unsafeInteger = () => {\n  NOTES |= ${PASS_NOTES['unsafe-integer']};\n  return 0;\n};`,
    '/** Two days before this module was loaded, as a date (`YYYY-MM-DD`): timestamps dated before it are past for any lint. */',
    'const PAST_DAY = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);',
    "/** `refused` for a value an enum refuses: noted as what the server reads as unspecified, and as possibly another enum's alias. */",
    `const enumRefused = (v, d) => {\n  NOTES |= ${PASS_NOTES['enum-unspecified'] | PASS_NOTES['enum-alias']};\n  return refused(v, d);\n};`,
    "/** Per string its format refuses, in the last judgement: its path (the pointer's tokens; right only when hooks were given) and the format. */",
    'export const FORMAT_REFUSALS = [];',
    '/** Records a string at depth d that its format refuses; answers 4. */',
    'const badFormat = (d, format) => {',
    '  FORMAT_REFUSALS.push([PATH.slice(0, d), format]);',
    '  return 4;',
    '};',
    "/** Per object holding keys its schema does not name, in the last judgement: its path (as FORMAT_REFUSALS') and those keys. */",
    'export const UNKNOWN_KEYS = [];',
    '/** The list of unknown keys of the object at depth d, entered in UNKNOWN_KEYS. */',
    'const unknownAt = (d) => {',
    '  const keys = [];',
    '  UNKNOWN_KEYS.push([PATH.slice(0, d), keys]);',
    '  return keys;',
    '};',
    '/** Any plain JSON value: where the schema allows anything. */',
    'const anything = (v, d) => (unknown(v, d) ? 0 : 2);',
    '/** The walker of a place with no hook at or below it. */',
    'const skip = () => undefined;',
    '/** The keys and indexes from the root to the node being judged with hooks, or walked (PATH[0..d-1] for a node at depth d). */',
    'export const PATH = [];',
    'const P = PATH;',
    '/** The definitions by hook slot: `h[i]` is called with each object found where definition `HOOK_NAMES[i]` applies. */',
    `export const HOOK_NAMES = ${JSON.stringify(hookNames)};`,
    ...constants,
    ...functions,
    ...walkers.functions,
    ...exported,
    "/** Per kind: walks any value along the schema (no verdict, no early stop) and hands each object at a definition's place to its hook. */",
    'export const WALKERS = {',
    ...walkerExports,
    '};',
    '',
  ].join('\n');
}

/**
 * The walkers: per schema, a function `(v, d, h)` that follows the schema's properties and items over
 * any value (own properties only, in the schema's order, as far as MAX_DEPTH) and calls the hook of
 * every definition it passes with the object there. The rules see a refused or decoded document
 * through them, where the acceptor stopped or never ran.
 */
function walkerCode(
  defs: Record<string, Schema>,
  defsId: string,
  hookNames: readonly string[],
): { functions: string[]; walkerFor: (schema: Schema) => string } {
  const functions: string[] = [];
  const names = new Map<string, string>();
  const byBody = new Map<string, string>();
  let counter = 0;
  const defOf = (ref: string): string => ref.slice(`${defsId}#/$defs/`.length);

  /** The walker of a schema; 'skip' when nothing below it has a hook. */
  function walkerFor(schema: Schema): string {
    if (isPureRef(schema)) return named(defOf(schema.$ref));
    const body = walk(schema, -1);
    if (body === undefined) return 'skip';
    let name = byBody.get(body);
    if (!name) {
      name = `w${counter++}`;
      byBody.set(body, name);
      functions.push(`function ${name}(v, d, h) {\n  ${body}\n}`);
    }
    return name;
  }

  function named(def: string): string {
    let name = names.get(def);
    if (!name) {
      name = `walk_${def.replace(/\W/g, '_')}`;
      names.set(def, name);
      const slot = functions.length;
      functions.push('');
      functions[slot] = `function ${name}(v, d, h) {\n  ${walk(defs[def]!, hookNames.indexOf(def)) ?? 'return;'}\n}`;
    }
    return name;
  }

  /** The statements of a walker, or undefined when nothing at or below `schema` has a hook. */
  function walk(schema: Schema, hook: number): string | undefined {
    const parts: string[] = [];
    if (typeof schema.$ref === 'string') parts.push(`${named(defOf(schema.$ref))}(v, d, h);`);
    const types = typesOf(schema);
    if (types.includes('array') && schema.items !== undefined) {
      const item = walkerFor(schema.items as Schema);
      if (item !== 'skip')
        parts.push(
          `if (Array.isArray(v)) for (let i = 0; i < v.length; i++) {\n    P[d] = i;\n    ${item}(v[i], d + 1, h);\n  }`,
        );
    }
    if (types.includes('object')) {
      const steps: string[] = [];
      for (const [key, sub] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) {
        const w = walkerFor(sub);
        if (w === 'skip') continue;
        const k = JSON.stringify(key);
        steps.push(`if (Object.hasOwn(v, ${k})) {\n      P[d] = ${k};\n      ${w}(v[${k}], d + 1, h);\n    }`);
      }
      if (hook >= 0)
        steps.push(
          `if (h !== undefined) {\n      const f = h[${hook}];\n      if (f !== undefined) f(v, d, ${ALL_PASS_NOTES});\n    }`,
        );
      if (steps.length > 0)
        parts.push(`if (typeof v === 'object' && v !== null && !Array.isArray(v)) {\n    ${steps.join('\n    ')}\n  }`);
    }
    if (parts.length === 0) return undefined;
    return ['if (d >= MAX_DEPTH) return;', ...parts].join('\n  ');
  }
  return { functions, walkerFor };
}
