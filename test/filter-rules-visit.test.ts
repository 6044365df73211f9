/**
 * The filter-list rules visit the sections and items that hold their lists (issue 17); their
 * reports must stay those of the checks they replaced. The oracle: those check bodies as they were
 * (commit 3de1ff9), kept here over `filterListAt` — verbatim, but for the character scans, written
 * as the regular expressions they stand for — run on generated links (topic, group and ACL lists of
 * every length and shape: near misses, aliases, wrong types, missing halves, lists longer than the
 * pairwise limit). Each rule runs both ways the engine runs visitors: in the acceptor's pass (as
 * `lint` does) and in the walker's (as a rule's own tests do). It checks the move from checks to
 * visitors; the earlier rewrite of those checks (pairwise comparison of short lists, the reserved
 * names' first-character test) is held to the Located implementations by test/filters.test.ts and
 * the findings snapshot, not here.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { globData, ownObject, ownString, path, section, type FilterList, type Located } from '../src/rule-api/helpers';

/** Where the old checks found each filter list (the helper they used, kept with them). */
function filterListAt(ctx: Pick<RuleContext, 'link'>, list: FilterList | 'acl'): Located | undefined {
  const [name, key] = {
    topic: ['topicMetadataSyncOptions', 'autoCreateShadowTopicFilters'],
    group: ['consumerOffsetSyncOptions', 'groupFilters'],
    acl: ['securitySyncOptions', 'aclFilters'],
  }[list];
  return path(section(ctx, name!), key!);
}
import type { LinkLocation, Rule, RuleContext, RuleReport } from '../src/rule-api/types';
import { childPointer, isObject, own, type JsonObject } from '../src/util/pointer';
import { INTERNAL_PREFIXES, RESERVED_FILTER_NAMES } from '../src/facts/filters';
import { ENUM_ALIASES } from '../src/facts/enum-spelling';
import * as acceptors from '../src/generated/acceptors.js';
import { collectReports, startRules, type RunSettings } from '../src/engine/run';
import { toDiagnostic } from '../src/engine/findings';
import { BUILTIN_CATALOG } from '../src/engine/catalog';
import type { Diagnostic } from '../src/core/diagnostics';
import type { DocumentKind } from '../src/model/kinds';
import { rules } from '../src/rules/index';
import filterRedundant from '../src/rules/filter-redundant';
import filterSelectsNothing from '../src/rules/filter-selects-nothing';
import neverShadowedTopic from '../src/rules/never-shadowed-topic';
import topicFilterName from '../src/rules/topic-filter-name';
import groupFilterName from '../src/rules/group-filter-name';
import reservedTopicFilter from '../src/rules/reserved-topic-filter';
import aclFilterValues from '../src/rules/acl-filter-values';
import aclFilterComplete from '../src/rules/acl-filter-complete';
import enumAlias from '../src/rules/enum-alias';
import { FUZZ_LIMIT as LIMIT, fuzzRuns, fuzzSeed } from './support/fuzz';

type Ctx = RuleContext;

// ---- The oracle: the check bodies before the visitors. ----

/**
 * First index per combination of filter fields, in nested maps keyed by the values themselves (no
 * key strings are built). Only JSON scalars are keys: a field that is an object or array is the
 * structural check's business, and such a value is never turned into text.
 */
class FirstIndex {
  private readonly root = new Map<unknown, unknown>();

  /** The index recorded for these field values, or undefined. */
  get(parts: readonly unknown[]): number | undefined {
    let node: unknown = this.root;
    for (const p of parts) {
      if (!(node instanceof Map)) return undefined;
      node = node.get(p);
    }
    return typeof node === 'number' ? node : undefined;
  }

  /** Records `index` for these field values unless one is recorded; false when they cannot be keys. */
  add(parts: readonly unknown[], index: number): boolean {
    if (parts.some((p) => p !== null && typeof p === 'object')) return false;
    let node = this.root;
    for (const [i, p] of parts.entries()) {
      if (i === parts.length - 1) {
        if (!node.has(p)) node.set(p, index);
        return true;
      }
      let next = node.get(p) as Map<unknown, unknown> | undefined;
      if (!next) node.set(p, (next = new Map()));
      node = next;
    }
    return true;
  }
}

/** Up to this many filters the lists are compared pairwise: no index is built, nothing is allocated. */
const PAIRWISE_MAX = 16;

/** Equal as Map keys are (SameValueZero): `===`, and NaN equals itself. */
const same = (a: unknown, b: unknown): boolean => a === b || (a !== a && b !== b);

/** Usable as a FirstIndex key: a scalar (null included), not an object or array. */
const keyable = (v: unknown): boolean => v === null || typeof v !== 'object';

/** The index of the first INCLUDE LITERAL `*` filter, or -1. */
function starIndex(filters: readonly unknown[]): number {
  for (let i = 0; i < filters.length; i++) {
    const f = filters[i];
    if (
      isObject(f) &&
      f.filterType === 'FILTER_TYPE_INCLUDE' &&
      f.patternType === 'PATTERN_TYPE_LITERAL' &&
      f.name === '*'
    )
      return i;
  }
  return -1;
}

/** Whether a filter could be recorded by `seen` (an object whose three fields are all scalars). */
function recordable(f: unknown): f is JsonObject {
  return isObject(f) && keyable(f.filterType) && keyable(f.patternType) && keyable(f.name);
}

/** The first filter before `i` with the same three fields as `v`, or undefined (what `seen.get` finds). */
function firstSameBefore(filters: readonly unknown[], i: number, v: JsonObject): number | undefined {
  for (let j = 0; j < i; j++) {
    const g = filters[j];
    // The name differs most often, so it goes first; whether `g` could be recorded is asked last.
    if (
      isObject(g) &&
      same(g.name, v.name) &&
      same(g.patternType, v.patternType) &&
      same(g.filterType, v.filterType) &&
      recordable(g)
    )
      return j;
  }
  return undefined;
}

/** The first EXCLUDE filter anywhere with the pattern type and name of `v`, or undefined (what `excludes.get` finds). */
function firstExclude(filters: readonly unknown[], v: JsonObject): number | undefined {
  for (let j = 0; j < filters.length; j++) {
    const g = filters[j];
    if (
      isObject(g) &&
      g.filterType === 'FILTER_TYPE_EXCLUDE' &&
      same(g.name, v.name) &&
      same(g.patternType, v.patternType) &&
      keyable(g.patternType) &&
      keyable(g.name)
    )
      return j;
  }
  return undefined;
}

/** An internal topic name (`_svc…`, `__svc…`), which an INCLUDE `*` does not cover. */
const isInternal = (name: unknown): boolean =>
  typeof name === 'string' && (name.startsWith('_svc') || name.startsWith('__svc'));

/** The checks on one list; `which`/`list`: the list's kind and key. */
function redundantList(ctx: RuleContext, node: Located | undefined, which: FilterList, list: string): void {
  const filters = node?.value;
  if (!Array.isArray(filters) || filters.length === 0) return;
  const star = starIndex(filters);
  const pairwise = filters.length <= PAIRWISE_MAX;
  // Longer lists: one pass to index the first EXCLUDE of each pattern, one to compare (linear in the length).
  let excludes: FirstIndex | undefined;
  let seen: FirstIndex | undefined;
  if (!pairwise) {
    excludes = new FirstIndex();
    for (let i = 0; i < filters.length; i++) {
      const v: unknown = filters[i];
      if (isObject(v) && v.filterType === 'FILTER_TYPE_EXCLUDE') excludes.add([v.patternType, v.name], i);
    }
    seen = new FirstIndex();
  }
  for (let i = 0; i < filters.length; i++) {
    const v: unknown = filters[i];
    if (!isObject(v)) continue;
    let first: number | undefined;
    if (pairwise) first = firstSameBefore(filters, i, v);
    else {
      const parts = [v.filterType, v.patternType, v.name];
      first = seen!.get(parts);
      if (first === undefined && !seen!.add(parts, i)) continue;
    }
    if (first !== undefined) {
      ctx.report({ messageId: 'duplicate', pointer: childPointer(node!.pointer, i), data: { list, i, j: first } });
      continue;
    }
    if (pairwise && !recordable(v)) continue;
    if (v.filterType !== 'FILTER_TYPE_INCLUDE') continue;
    const j = pairwise ? firstExclude(filters, v) : excludes!.get([v.patternType, v.name]);
    if (j !== undefined)
      ctx.report({
        messageId: 'contradiction',
        pointer: childPointer(node!.pointer, i),
        data: { list, i, j, name: String(v.name) },
      });
    else if (star >= 0 && star !== i && !(which === 'topic' && isInternal(v.name))) {
      ctx.report({ messageId: 'coveredByStar', pointer: childPointer(node!.pointer, i), data: { list, i, j: star } });
    }
  }
}

function oldFilterRedundant(ctx: Ctx): void {
  redundantList(ctx, filterListAt(ctx, 'topic'), 'topic', 'autoCreateShadowTopicFilters');
  redundantList(ctx, filterListAt(ctx, 'group'), 'group', 'groupFilters');
}

/** Whether every filter of a non-empty list is an EXCLUDE. */
function excludeOnly(filters: readonly unknown[]): boolean {
  for (let i = 0; i < filters.length; i++) {
    const f = filters[i];
    if (!isObject(f) || f.filterType !== 'FILTER_TYPE_EXCLUDE') return false;
  }
  return true;
}

/** One filter list (`list`: its key). */
function selectsNothingList(ctx: RuleContext, node: Located | undefined, list: string): void {
  if (!node || !Array.isArray(node.value)) return;
  if (node.value.length === 0) ctx.report({ messageId: 'empty', pointer: node.pointer, data: { list } });
  else if (excludeOnly(node.value)) ctx.report({ messageId: 'excludeOnly', pointer: node.pointer, data: { list } });
}

function oldFilterSelectsNothing(ctx: Ctx): void {
  selectsNothingList(ctx, filterListAt(ctx, 'topic'), 'autoCreateShadowTopicFilters');
  selectsNothingList(ctx, filterListAt(ctx, 'group'), 'groupFilters');
}

function oldNeverShadowedTopic(ctx: Ctx): void {
  const list = filterListAt(ctx, 'topic');
  const filters = list?.value;
  if (!Array.isArray(filters)) return;
  for (let i = 0; i < filters.length; i++) {
    const f: unknown = filters[i];
    const name = ownString(f, 'name');
    if (
      name === '_svc.transform_logs' &&
      own(f, 'patternType') === 'PATTERN_TYPE_LITERAL' &&
      own(f, 'filterType') === 'FILTER_TYPE_INCLUDE'
    ) {
      ctx.report({ messageId: 'never', pointer: childPointer(list!.pointer, i, 'name'), data: { i, name } });
    }
  }
}

function isTopicName(v: string): boolean {
  return /^[A-Za-z0-9._-]+$/.test(v);
}

function oldTopicFilterName(ctx: Ctx): void {
  const list = filterListAt(ctx, 'topic');
  const filters = list?.value;
  if (!Array.isArray(filters)) return;
  for (let i = 0; i < filters.length; i++) {
    const v = ownString(filters[i], 'name');
    // A filter object without a name has the empty one (protobuf's default).
    if (v === undefined) {
      if (isObject(filters[i]) && own(filters[i], 'name') === undefined)
        ctx.report({ messageId: 'empty', pointer: childPointer(list!.pointer, i, 'name'), data: { i } });
      continue;
    }
    if (v === '') {
      ctx.report({ messageId: 'empty', pointer: childPointer(list!.pointer, i, 'name'), data: { i } });
    } else if (v === '*') {
      const pattern = own(filters[i], 'patternType');
      if (pattern === 'PATTERN_TYPE_PREFIX' || pattern === 'PATTERN_TYPE_PREFIXED')
        ctx.report({ messageId: 'starPrefix', pointer: childPointer(list!.pointer, i, 'name'), data: { i } });
    } else if (v.includes('*')) {
      ctx.report({ messageId: 'glob', pointer: childPointer(list!.pointer, i, 'name'), data: { i, ...globData(v) } });
    } else if (!isTopicName(v)) {
      const bad = [...new Set(v.replace(/[A-Za-z0-9._-]/g, ''))].slice(0, 5).map((c) => JSON.stringify(c));
      ctx.report({
        messageId: 'chars',
        pointer: childPointer(list!.pointer, i, 'name'),
        data: { i, chars: bad.join(', ') },
      });
    } else if (v.length > 249) {
      ctx.report({
        messageId: 'tooLong',
        pointer: childPointer(list!.pointer, i, 'name'),
        data: { i, length: v.length },
      });
    }
  }
}

function oldGroupFilterName(ctx: Ctx): void {
  const list = filterListAt(ctx, 'group');
  const filters = list?.value;
  if (!Array.isArray(filters)) return;
  for (let i = 0; i < filters.length; i++) {
    const v = ownString(filters[i], 'name');
    if (v === undefined) {
      if (isObject(filters[i]) && own(filters[i], 'name') === undefined)
        ctx.report({ messageId: 'empty', pointer: childPointer(list!.pointer, i, 'name'), data: { i } });
      continue;
    }
    if (v === '') ctx.report({ messageId: 'empty', pointer: childPointer(list!.pointer, i, 'name'), data: { i } });
    else if (v === '*' && own(filters[i], 'patternType') === 'PATTERN_TYPE_PREFIX')
      ctx.report({ messageId: 'starPrefix', pointer: childPointer(list!.pointer, i, 'name'), data: { i } });
    else if (v !== '*' && v.includes('*')) {
      ctx.report({ messageId: 'glob', pointer: childPointer(list!.pointer, i, 'name'), data: { i, ...globData(v) } });
    }
  }
}

const FIRST_CODES: readonly number[] = [
  ...new Set([...RESERVED_FILTER_NAMES, ...INTERNAL_PREFIXES].map((s) => s.charCodeAt(0))),
];

function isInternalPrefix(n: string): boolean {
  for (let k = 0; k < INTERNAL_PREFIXES.length; k++) if (n === INTERNAL_PREFIXES[k]) return true;
  return false;
}

function coversInternal(n: string): boolean {
  for (let k = 0; k < INTERNAL_PREFIXES.length; k++) {
    const p = INTERNAL_PREFIXES[k]!;
    if (n.startsWith(p) || p.startsWith(n)) return true;
  }
  return false;
}

function oldReservedTopicFilter(ctx: Ctx): void {
  const list = filterListAt(ctx, 'topic');
  const filters = list?.value;
  if (!Array.isArray(filters)) return;
  for (let i = 0; i < filters.length; i++) {
    const f: unknown = filters[i];
    const n = ownString(f, 'name');
    if (n === undefined) continue;
    if (!FIRST_CODES.includes(n.charCodeAt(0))) continue;
    const prefix = own(f, 'patternType') === 'PATTERN_TYPE_PREFIX';
    if (RESERVED_FILTER_NAMES.has(n)) {
      const hint = n === '_schemas' ? '; set `schemaRegistrySyncOptions.shadowSchemaRegistryTopic: {}` instead' : '';
      ctx.report({
        messageId: 'reserved',
        pointer: childPointer(list!.pointer, i, 'name'),
        data: { i, name: n, hint },
      });
    } else if (prefix && isInternalPrefix(n)) {
      ctx.report({
        messageId: 'internalPrefix',
        pointer: childPointer(list!.pointer, i, 'name'),
        data: { i, name: n },
      });
    } else if (prefix && own(f, 'filterType') === 'FILTER_TYPE_INCLUDE' && n !== '' && coversInternal(n)) {
      ctx.report({
        messageId: 'coversInternal',
        pointer: childPointer(list!.pointer, i, 'name'),
        data: { i, name: n },
      });
    }
  }
}

const OPERATIONS: Readonly<Record<string, readonly string[]>> = {
  ACL_RESOURCE_TOPIC: ['READ', 'WRITE', 'CREATE', 'REMOVE', 'ALTER', 'DESCRIBE', 'DESCRIBE_CONFIGS', 'ALTER_CONFIGS'],
  ACL_RESOURCE_GROUP: ['READ', 'DESCRIBE', 'REMOVE'],
  ACL_RESOURCE_CLUSTER: [
    'CREATE',
    'ALTER',
    'DESCRIBE',
    'CLUSTER_ACTION',
    'DESCRIBE_CONFIGS',
    'ALTER_CONFIGS',
    'IDEMPOTENT_WRITE',
  ],
  ACL_RESOURCE_TXN_ID: ['WRITE', 'DESCRIBE'],
};
const OPERATION_PREFIX = 'ACL_OPERATION_';
const OPERATIONS_BY_RESOURCE: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  Object.entries(OPERATIONS).map(([type, ops]) => [type, ops.map((op) => OPERATION_PREFIX + op)]),
);
const operationsOf = (type: string): readonly string[] | undefined =>
  Object.hasOwn(OPERATIONS_BY_RESOURCE, type) ? OPERATIONS_BY_RESOURCE[type] : undefined;
const isPrincipal = (s: string): boolean => /^[A-Za-z][A-Za-z0-9]*:.+$/.test(s);
const isCidrOrGlob = (s: string): boolean => /[/*?[\]]/.test(s);

function oldAclFilterValues(ctx: Ctx): void {
  const list = filterListAt(ctx, 'acl');
  const filters = list?.value;
  if (!Array.isArray(filters)) return;
  const at = (i: number, half: string, field: string): string => childPointer(list!.pointer, i, half, field);
  for (let i = 0; i < filters.length; i++) {
    const access = ownObject(filters[i], 'accessFilter');
    const resource = ownObject(filters[i], 'resourceFilter');
    const principal = ownString(access, 'principal');
    if (principal === '*')
      ctx.report({
        messageId: 'wildcard',
        pointer: at(i, 'accessFilter', 'principal'),
        data: { field: 'principal', what: 'principal' },
      });
    else if (principal !== undefined && !isPrincipal(principal))
      ctx.report({
        messageId: 'principal',
        pointer: at(i, 'accessFilter', 'principal'),
        data: { value: principal },
      });
    const host = ownString(access, 'host');
    if (host === '*')
      ctx.report({
        messageId: 'wildcard',
        pointer: at(i, 'accessFilter', 'host'),
        data: { field: 'host', what: 'host' },
      });
    else if (host !== undefined && isCidrOrGlob(host))
      ctx.report({ messageId: 'host', pointer: at(i, 'accessFilter', 'host'), data: { value: host } });
    if (ownString(resource, 'name') === '*')
      ctx.report({
        messageId: 'wildcard',
        pointer: at(i, 'resourceFilter', 'name'),
        data: { field: 'name', what: 'resource' },
      });
    const type = ownString(resource, 'resourceType');
    const operation = ownString(access, 'operation');
    const allowed = type === undefined ? undefined : operationsOf(type);
    if (
      allowed &&
      operation !== undefined &&
      operation.startsWith(OPERATION_PREFIX) &&
      operation !== 'ACL_OPERATION_ANY' &&
      operation !== 'ACL_OPERATION_UNSPECIFIED' &&
      !allowed.includes(operation)
    ) {
      ctx.report({
        messageId: 'operation',
        pointer: at(i, 'accessFilter', 'operation'),
        data: { operation, resource: type!, allowed: ['ACL_OPERATION_ANY', ...allowed].join(', ') },
      });
    }
  }
}

const ANY_ACCESS = { operation: 'ACL_OPERATION_ANY', permissionType: 'ACL_PERMISSION_TYPE_ANY' };
const ANY_RESOURCE = { resourceType: 'ACL_RESOURCE_ANY', patternType: 'ACL_PATTERN_ANY' };

function isMissing(filter: JsonObject, field: string): boolean {
  const v = own(filter, field);
  return v === undefined || v === null;
}

function missing(ctx: RuleContext, listPointer: string, index: number, field: string, any: JsonObject): void {
  const pointer = childPointer(listPointer, index, field);
  ctx.report({
    messageId: 'missing',
    pointer,
    data: { index, field },
    suggestions: [
      {
        message: `Match every ${field === 'resourceFilter' ? 'resource' : 'principal and operation'}.`,
        fix: { kind: 'replace-value', pointer, value: any },
      },
    ],
  });
}

function oldAclFilterComplete(ctx: Ctx): void {
  const list = filterListAt(ctx, 'acl');
  const filters = list?.value;
  if (!Array.isArray(filters)) return;
  for (let index = 0; index < filters.length; index++) {
    const f = filters[index];
    if (!isObject(f)) continue;
    if (isMissing(f, 'resourceFilter')) missing(ctx, list!.pointer, index, 'resourceFilter', ANY_RESOURCE);
    if (isMissing(f, 'accessFilter')) missing(ctx, list!.pointer, index, 'accessFilter', ANY_ACCESS);
  }
}

const aliasOf = (value: unknown): string | undefined =>
  typeof value === 'string' && Object.hasOwn(ENUM_ALIASES, value) ? ENUM_ALIASES[value] : undefined;

function patternTypes(ctx: RuleContext, list: Located | undefined, half?: string): void {
  const filters = list?.value;
  if (!Array.isArray(filters)) return;
  for (let i = 0; i < filters.length; i++) {
    const value = own(half === undefined ? filters[i] : own(filters[i], half), 'patternType');
    const replacement = aliasOf(value);
    if (replacement === undefined) continue;
    const pointer =
      half === undefined
        ? childPointer(list!.pointer, i, 'patternType')
        : childPointer(list!.pointer, i, half, 'patternType');
    ctx.report({
      messageId: 'alias',
      pointer,
      data: { value: value as string, replacement },
      fix: { kind: 'replace-value', pointer, value: replacement },
    });
  }
}

function oldEnumAlias(ctx: Ctx): void {
  patternTypes(ctx, filterListAt(ctx, 'topic'));
  patternTypes(ctx, filterListAt(ctx, 'group'));
  patternTypes(ctx, filterListAt(ctx, 'acl'), 'resourceFilter');
}

// ---- Running a rule: the old check as the engine ran it, the new one both ways it runs visitors. ----

const NOW = new Date('2026-06-01T00:00:00Z');

/** The document a link sits in, by the kind that holds it. */
const docOf = (kind: DocumentKind, link: unknown): unknown => (kind === 'ShadowLink' ? link : { shadowLink: link });

function oldReports(check: (ctx: Ctx) => void, kind: DocumentKind, link: unknown): RuleReport[] {
  const out: RuleReport[] = [];
  const location: LinkLocation | undefined =
    kind === 'ShadowLink'
      ? { value: link, pointer: '', sections: new Map() }
      : { value: link, pointer: '/shadowLink', sections: new Map() };
  check({
    kind,
    doc: docOf(kind, link),
    link: location,
    targetVersion: '26.1',
    now: NOW,
    isPast: (millis) => millis <= NOW.getTime(),
    isFile: true,
    options: {},
    report: (r) => out.push(r),
  });
  return out;
}

/** The settings of a run with only `rule` on. */
function only(rule: Rule<string>, kind: DocumentKind): RunSettings {
  return {
    kind,
    targetVersion: '26.1',
    now: NOW,
    isFile: true,
    rules: Object.fromEntries(rules.map((r) => [r.id, r.id === rule.id ? 'error' : 'off'])),
    maxFindings: Infinity,
    catalog: BUILTIN_CATALOG,
  };
}

/** The rule's visitors over the document in the walker's pass (what a rule's own tests run). */
const walked = (rule: Rule<string>, kind: DocumentKind, link: unknown): RuleReport[] =>
  collectReports(rule, docOf(kind, link), only(rule, kind));

/** The findings of the rule in the acceptor's pass, as `lint` runs it (the walker's when that pass stops short). */
function accepted(rule: Rule<string>, kind: DocumentKind, link: unknown): Diagnostic[] {
  const doc = docOf(kind, link);
  const run = startRules(doc, only(rule, kind));
  const verdict = acceptors[kind](doc, run.hooks);
  return run.finish(doc, verdict !== 2);
}

/** Reports in pointer order; reports at one pointer keep their order (only that may not change). */
const byPointer = <T extends { pointer: string }>(list: T[]): T[] =>
  [...list].sort((a, b) => (a.pointer < b.pointer ? -1 : a.pointer > b.pointer ? 1 : 0));

// ---- Generators. ----

const maybe = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined, freq: 4 });
const junk = fc.constantFrom<unknown>(null, 3, true, 'x', [], {}, [{}]);

const names = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.constantFrom(
      '*',
      '',
      'orders*',
      '*x',
      'a*b*',
      'app',
      'orders.',
      'a b',
      'é',
      'tmp.',
      '_svc.transform_logs',
      '_schemas',
      '__consumer_offsets',
      '_consumer_offsets',
      '_svc.audit_log',
      '__svc',
      '_svc',
      '_svc.mine',
      '_',
      '__s',
      '__svc.x',
      'x'.repeat(250),
      'y'.repeat(249),
    ),
  },
  { weight: 2, arbitrary: fc.string({ maxLength: 8 }) },
  { weight: 1, arbitrary: junk },
);
const filterTypes = fc.constantFrom<unknown>(
  'FILTER_TYPE_INCLUDE',
  'FILTER_TYPE_INCLUDE',
  'FILTER_TYPE_EXCLUDE',
  'FILTER_TYPE_UNSPECIFIED',
  1,
  null,
  'include',
  {},
);
const patternTypes_ = fc.constantFrom<unknown>(
  'PATTERN_TYPE_LITERAL',
  'PATTERN_TYPE_LITERAL',
  'PATTERN_TYPE_PREFIX',
  'PATTERN_TYPE_PREFIXED',
  'PATTERN_TYPE_UNSPECIFIED',
  2,
  null,
  NaN,
  ['PATTERN_TYPE_LITERAL'],
);

/** A topic or group filter: well formed, or each field possibly missing or odd; sometimes not an object. */
const nameFilter = fc.oneof(
  {
    // Few values, so that a list's filters meet: `*` INCLUDEs, internal names, EXCLUDEs of the same name.
    weight: 8,
    arbitrary: fc.record({
      filterType: fc.constantFrom('FILTER_TYPE_INCLUDE', 'FILTER_TYPE_INCLUDE', 'FILTER_TYPE_EXCLUDE'),
      patternType: fc.constantFrom('PATTERN_TYPE_LITERAL', 'PATTERN_TYPE_LITERAL', 'PATTERN_TYPE_PREFIX'),
      name: fc.constantFrom('*', '*', '_svc.mine', '__svc.x', '_svc.transform_logs', 'app', 'orders.'),
    }),
  },
  {
    weight: 8,
    arbitrary: fc
      .record({
        filterType: maybe(filterTypes),
        patternType: maybe(patternTypes_),
        name: maybe(names),
        extra: fc.boolean(),
      })
      .map(({ filterType, patternType, name, extra }) => {
        const f: Record<string, unknown> = {};
        if (filterType !== undefined) f['filterType'] = filterType;
        if (patternType !== undefined) f['patternType'] = patternType;
        if (name !== undefined) f['name'] = name;
        if (extra) f['unknownKey'] = 1;
        return f;
      }),
  },
  { weight: 1, arbitrary: junk },
);

/** Few distinct filters repeated, so that duplicates and contradictions come up. */
const nameList = fc.oneof(
  { weight: 6, arbitrary: fc.array(nameFilter, { maxLength: 6 }) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.array(nameFilter, { minLength: 1, maxLength: 4 }), fc.array(fc.nat(), { minLength: 2, maxLength: 8 }))
      .map(([pool, picks]) => picks.map((p) => pool[p % pool.length])),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.array(nameFilter, { minLength: 1, maxLength: 6 }), fc.array(fc.nat(), { minLength: 17, maxLength: 24 }))
      .map(([pool, picks]) => picks.map((p) => pool[p % pool.length])),
  },
  { weight: 1, arbitrary: junk },
);

const aclValues = {
  resourceType: fc.constantFrom<unknown>(
    'ACL_RESOURCE_TOPIC',
    'ACL_RESOURCE_GROUP',
    'ACL_RESOURCE_CLUSTER',
    'ACL_RESOURCE_TXN_ID',
    'ACL_RESOURCE_ANY',
    'ACL_RESOURCE_SR_SUBJECT',
    'toString',
    '__proto__',
    7,
  ),
  patternType: fc.constantFrom<unknown>(
    'ACL_PATTERN_ANY',
    'ACL_PATTERN_LITERAL',
    'ACL_PATTERN_PREFIX',
    'ACL_PATTERN_PREFIXED',
    'PATTERN_TYPE_PREFIXED',
    1,
  ),
  name: fc.constantFrom<unknown>('*', 'orders', '', 3),
  principal: fc.constantFrom<unknown>(
    '*',
    'User:alice',
    'alice',
    'User:',
    ':x',
    'User:a\nb',
    'U1:x',
    4,
    '1U:x',
    'U\u0011:x',
    '\u0011:x',
    'Us_r:x',
    'User:a\u2029',
    'User:\r',
  ),
  host: fc.constantFrom<unknown>('*', '10.0.0.7', '10.0.0.0/8', '10.*', 'h?', '[::1]', '', 5),
  operation: fc.constantFrom<unknown>(
    'ACL_OPERATION_ANY',
    'ACL_OPERATION_READ',
    'ACL_OPERATION_IDEMPOTENT_WRITE',
    'ACL_OPERATION_CLUSTER_ACTION',
    'ACL_OPERATION_UNSPECIFIED',
    'ACL_OPERATION_WRITE',
    'READ',
    6,
  ),
  permissionType: fc.constantFrom<unknown>('ACL_PERMISSION_TYPE_ANY', 'ACL_PERMISSION_TYPE_ALLOW'),
};

/** An object with some of the fields of `values`, each maybe missing. */
const someOf = (values: Record<string, fc.Arbitrary<unknown>>) =>
  fc
    .record(Object.fromEntries(Object.entries(values).map(([k, a]) => [k, maybe(a)])))
    .map((r) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined)));

const aclFilter = fc.oneof(
  {
    weight: 12,
    arbitrary: fc
      .record({
        resourceFilter: maybe(
          fc.oneof(
            {
              weight: 6,
              arbitrary: someOf({
                resourceType: aclValues.resourceType,
                patternType: aclValues.patternType,
                name: aclValues.name,
              }),
            },
            { weight: 1, arbitrary: junk },
          ),
        ),
        accessFilter: maybe(
          fc.oneof(
            {
              weight: 6,
              arbitrary: someOf({
                principal: aclValues.principal,
                host: aclValues.host,
                operation: aclValues.operation,
                permissionType: aclValues.permissionType,
              }),
            },
            { weight: 1, arbitrary: junk },
          ),
        ),
      })
      .map((r) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined))),
  },
  { weight: 1, arbitrary: junk },
);

const aclList = fc.oneof(
  { weight: 8, arbitrary: fc.array(aclFilter, { maxLength: 5 }) },
  { weight: 1, arbitrary: junk },
);

/** A section holding `key`: the list, the section without it, or not an object at all. */
const sectionWith = (key: string, list: fc.Arbitrary<unknown>) =>
  fc.oneof(
    { weight: 8, arbitrary: list.map((l) => ({ [key]: l })) },
    { weight: 1, arbitrary: fc.constant({}) },
    { weight: 1, arbitrary: junk },
  );

/** A link with each filter list present, absent or of a wrong type, in a ShadowLink or a CreateShadowLinkRequest. */
const cases = fc
  .record({
    topic: maybe(sectionWith('autoCreateShadowTopicFilters', nameList)),
    group: maybe(sectionWith('groupFilters', nameList)),
    acl: maybe(sectionWith('aclFilters', aclList)),
    shape: fc.constantFrom('full', 'full', 'full', 'full', 'no-configurations', 'configurations-null', 'link-array'),
    kind: fc.constantFrom<DocumentKind>('ShadowLink', 'CreateShadowLinkRequest'),
  })
  .map((r) => {
    const configurations: Record<string, unknown> = { clientOptions: { bootstrapServers: ['a:1'] } };
    if (r.topic !== undefined) configurations['topicMetadataSyncOptions'] = r.topic;
    if (r.group !== undefined) configurations['consumerOffsetSyncOptions'] = r.group;
    if (r.acl !== undefined) configurations['securitySyncOptions'] = r.acl;
    const link: Record<string, unknown> = { name: 'dr-link' };
    if (r.shape !== 'no-configurations')
      link['configurations'] = r.shape === 'configurations-null' ? null : configurations;
    return { kind: r.kind, link: r.shape === 'link-array' ? [link] : link };
  });

// ---- Properties. ----

const PAIRS: [Rule<string>, (ctx: Ctx) => void][] = [
  [filterRedundant, oldFilterRedundant],
  [filterSelectsNothing, oldFilterSelectsNothing],
  [neverShadowedTopic, oldNeverShadowedTopic],
  [topicFilterName, oldTopicFilterName],
  [groupFilterName, oldGroupFilterName],
  [reservedTopicFilter, oldReservedTopicFilter],
  [aclFilterValues, oldAclFilterValues],
  [aclFilterComplete, oldAclFilterComplete],
  [enumAlias, oldEnumAlias],
];

describe('filter-list rules report what their checks reported', () => {
  it('the generated links reach the rules: each of them reports on some, each message id comes up', () => {
    const sample = fc.sample(cases, { numRuns: 3000, seed: 42 });
    for (const [rule, old] of PAIRS) {
      const seen = new Set(sample.flatMap(({ kind, link }) => oldReports(old, kind, link).map((r) => r.messageId)));
      expect([...seen].sort(), rule.id).toEqual(Object.keys(rule.messages).sort());
    }
  });

  for (const [rule, old] of PAIRS)
    it(
      rule.id,
      () => {
        expect(rule.check, 'the rule visits').toBeUndefined();
        fc.assert(
          fc.property(cases, ({ kind, link }) => {
            const expected = oldReports(old, kind, link);
            expect(byPointer(walked(rule, kind, link))).toEqual(byPointer(expected));
            expect(byPointer(accepted(rule, kind, link))).toEqual(
              byPointer(expected.map((r) => toDiagnostic(rule, r, 'error'))),
            );
          }),
          { numRuns: fuzzRuns(2_000, 0.02), seed: fuzzSeed(42_0201) },
        );
      },
      LIMIT,
    );
});
