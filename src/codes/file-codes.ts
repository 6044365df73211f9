/** Codes of findings about files rather than documents (`parse/…`, `input/…`, `kind/…`, `rpk/…`, `report/…`, `suppression/…`, `client/…`), documented on their own pages. */

import { KIND_COUNT_WORD } from '../model/kinds';

/** Each code family: a page title, an introduction, and every code with what it means and what to do. */
export const FILE_CODES: Readonly<Record<string, { title: string; intro: string; codes: Record<string, string> }>> = {
  parse: {
    title: 'Parse codes',
    intro:
      'The file could not be read as one JSON or YAML document, or has a problem on the way. Syntax errors stop the linting of that file; the other files are still linted.',
    codes: {
      'json-syntax':
        "A JSON syntax error (a trailing comma, a comment, a missing quote or bracket, or a number too large for a double such as `1e400`, which the server's parser refuses), with its line and column. Strict JSON is what the server decodes.",
      'yaml-syntax':
        'A YAML syntax error (tabs used for indentation, bad indentation, an unterminated flow collection), with its line and column.',
      'duplicate-key':
        'A key appears twice in one object. The server keeps the last value for single fields and appends arrays, so one of the two silently loses. Keep one.',
      'request-too-large':
        'The JSON body the client sends for a request document (the document in the server\'s form, without `$schema`; for an rpk file, the request rpk builds) is over 10 MiB, which the Admin API refuses before reading it ("request too large", src/v/redpanda/admin/server.cc). Only documents that can reach the limit are measured (over 320 KiB of text, or YAML with aliases). Name filters by prefix instead of listing every topic or group.',
      'enum-decimal':
        'An enum written as a number with a fraction or an exponent in a JSON file (`1.0`, `2e0`): the server\'s enum reader takes a name or an integer literal only, and refuses a double token ("invalid request input"), though JSON.parse reads it as an integer. Write the name. (YAML is converted to JSON before sending: there the number is an integer.) Reported whatever `enum-spelling` is set to: turning that rule off does not make the server read the value.',
      bom: 'A byte order mark at the start of the file. In a JSON file, an error: the server\'s JSON parser refuses a body that starts with one ("invalid request input"), and a JSON document is sent as written. In a YAML or rpk file, a warning: those are converted before sending, but other tools trip on it. Save as UTF-8 without BOM.',
      'multi-document':
        'More than one YAML document (`---`) in one file. One file is one request or config; only the first document is linted.',
      'too-deep': 'Nesting deeper than 512 levels. No Admin API message is that deep; the file is not linted further.',
      'alias-bomb':
        'YAML aliases that expand excessively (a "billion laughs" file: more than 1,000,000 values beyond those written), or an alias inside the node it names (an infinite value). The file is not linted.',
    },
  },
  input: {
    title: 'Input codes',
    intro:
      'The input could not be read or written at all. These findings make the command exit with code 2; the other files are still linted.',
    codes: {
      'not-found': 'No file or directory at this path (or a dangling symbolic link).',
      unreadable: 'The file exists but cannot be read (permissions, an I/O error).',
      binary: 'The file is binary (contains NUL bytes) or is not valid UTF-8.',
      empty: 'The file is empty, or holds only whitespace or comments: there is no document to lint.',
      unwritable:
        '`--fix` computed changes but did not write the file: it is read-only (its mode has no write bit, or this user may not write it), or the write failed (a full disk, a size limit, permissions). The file is byte-for-byte unchanged.',
      changed:
        '`--fix` did not write the file because it changed on disk while the command ran (someone saved it; checked right before the file is replaced); nothing was lost. Run the command again.',
      'not-a-file':
        'The path is a named pipe (FIFO), socket, device or other non-regular file. It is not opened, so the command can never hang on it.',
      'too-large':
        'The input is larger than the linter reads (256 MiB), or larger than it parses in memory: 48 MiB for YAML, 128 MiB for JSON (parsing takes memory many times the size; beyond these Node runs out of heap). It was not linted. In the language server, a warning on a document over its limit for checking as you type (4 MiB by default, the setting `svcAdminSpec.maxDocumentSize`): run `svc-admin-spec lint` on the file.',
      'bad-config':
        'The config file (`svc-admin-spec.config.*`) or the ignore file in force cannot be used (invalid JSON or YAML, an unknown key, a bad rule setting). The command stops before linting, with exit code 2 and the reason; the language server shows the same reason as this finding on each document the file governs, and lints them again as soon as the file is fixed.',
    },
  },
  kind: {
    title: 'Kind codes',
    intro: `The linter could not tell which of the ${KIND_COUNT_WORD} kinds of file (the Admin API documents and rpk's config file) it holds. Name it with a top-level \`"$schema"\`, a \`# yaml-language-server: $schema=\` modeline, \`--kind\`, or a config override with \`kind\`.`,
    codes: {
      ambiguous:
        "The shape fits several kinds: `{}` (a valid GetBrokerRequest and an empty anything else), or a `{shadowLink: …}` with a `uid` but nothing else of a response (no `status`, no `passwordSet` or `keyFingerprint`) and no secret of a request — a response, or a response pasted into a create request. A link with a `uid` or `status` is linted as a response only on the response's own marks; with a `password` (or PEM `key`) and no marker beside it, it is a request with mistakes.",
      unrecognised: 'The shape fits no kind: this does not look like an Admin API v2 document.',
      'unknown-schema': 'The top-level `"$schema"` names none of the svc-admin-spec schemas.',
    },
  },
  rpk: {
    title: 'rpk config file codes',
    intro:
      "An rpk shadow-link config file (`rpk shadow create --config-file`) is read as rpk reads it: with gopkg.in/yaml.v2's non-strict `Unmarshal` (YAML 1.1: `yes`/`on` are booleans, `0250` is octal) into rpk's structs (the server repository's src/go/rpk/pkg/cli/shadow/types.go). These findings are what rpk refuses, drops or changes without a word; each points at the key or value in the file and names it as rpk does (`client_options.tls_settings.enabled`). They are errors where what rpk sends is not what the file says. The Admin API's rules then judge the ShadowLink rpk sends (mapper.go's `shadowLinkConfigToProto`), each finding moved to the key or value it comes from, with its rule's code; not when rpk refuses the file, and in a cloud file (`cloud_options`) not on what the cloud fills in (bootstrap servers, `${secrets.NAME}` references). The file is judged as the rpk of `targetVersion` reads it (rpk ships with the server), or as the release a config's `rpkVersion` names, sent to a `targetVersion` server.",
    codes: {
      refused:
        'rpk refuses the file when it reads it: a value of the wrong type (a quoted `"true"` for a boolean, a word for a number, a number beyond a 32-bit integer, a duration that is not Go\'s `1m30s` form), a time that is not RFC 3339, a bad merge key or a YAML syntax error. The message quotes yaml.v2\'s words, as rpk prints them.',
      'dropped-key':
        "A key rpk does not read: yaml.v2's non-strict `Unmarshal` drops it without a word, at any depth (`exclude_defaults`, `bootstrap_server`). When the key is the Admin API's camelCase spelling, or the API's `configurations` nesting, the message says so; the suggestion renames it to rpk's key.",
      'newer-key':
        'A key the rpk release in force does not know yet (`role_sync_options` and `shadow_schema_registry_api` are read from the release after 26.1; `cloud_options` and `plain_configuration` from 26.1): that rpk drops it without a word. Or, with a newer `rpkVersion` than `targetVersion`, a key rpk sends that the target server does not know: the server ignores it without a word.',
      'unmapped-enum':
        "An enum value rpk does not know: rpk compares exact, case-sensitive strings (`LITERAL`, `SCRAM-SHA-256`, an ACL `PREFIXED` but a name filter `PREFIX`) and sends any other one as UNSPECIFIED, which the server refuses or reads otherwise. The suggestion writes rpk's spelling when the meaning is clear (another case, the API's name).",
      nanoseconds:
        'A duration written as a bare number (`interval: 30`): yaml.v2 reads a number into a Go `time.Duration` as nanoseconds. Write a unit (`30s`).',
      truncated:
        'A number with a fraction for an integer field or a duration (`fetch_max_bytes: 1.5`, `interval: 1.5`): yaml.v2 drops the fraction without a word (rpk reads 1), and a number below the int64 range becomes its minimum. Write the whole number meant, or a duration with a unit (`1.5s`).',
      'not-sent':
        'A duration of zero or less: rpk sends an interval only when it is above zero, so the server uses its default instead of what is written.',
      'null-marker':
        'A choice such as `start_at_earliest:` written with nothing after the colon: to yaml.v2 that is null, and the option is not set. Write `start_at_earliest: {}`.',
      'literal-placeholder':
        "A `${NAME}` placeholder in an rpk file (warning): rpk does not expand environment variables, so it sends the text as written. Write the value, or have the tool that renders the file fill it in before rpk reads it. A cloud file's `${secrets.NAME}` references are resolved by the cloud and are not reported.",
      'repeated-key':
        'A key written twice in one mapping: rpk keeps the last value for a single field, and merges two mappings key by key. Keep one.',
      invalid:
        "rpk's own checks before it sends (`validateParsedShadowLinkConfig`): a name, at least one bootstrap server, at most one of each either-or pair (TLS files or PEM, SCRAM or PLAIN, one `start_at_*`), and for files with `cloud_options` the cloud's rules (a `shadow_redpanda_id`, no file-based TLS, passwords and TLS keys as `${secrets.NAME}` references). rpk stops at the first with the quoted message; all are listed here. The rpk of 25.3 and 26.1 crashes on a file without `client_options`.",
    },
  },
  report: {
    title: 'Report codes',
    intro: 'Findings about the report itself rather than the document.',
    codes: {
      'too-many-findings':
        'A document had more findings than the limit (2000 by default; `maxFindings` in the library, `--max-findings` on the command line). The first ones in document order are listed and this finding counts the rest by severity, in its message and in its `omitted` field (`{ errors, warnings, infos }`; in SARIF, `properties.omitted`); it is as severe as the most severe finding left out. Summaries, `--max-warnings` and the exit code count the findings it stands for, not the one finding.',
    },
  },
  suppression: {
    title: 'Suppression codes',
    intro:
      'Problems with `# svc-admin-spec-disable-next-line`, `# svc-admin-spec-disable-line` and `# svc-admin-spec-disable` comments and with the ignore file.',
    codes: {
      'missing-reason': 'A directive without ` -- <reason>`. It is not applied: every suppression must say why.',
      invalid:
        'A directive that names no rule, names something that is not a rule id or `schema/` code, or is a file-wide `svc-admin-spec-disable` written after a value (use `svc-admin-spec-disable-line` there). It is not applied.',
      unused:
        'A directive or ignore-file entry that suppresses nothing (warning): the finding is gone, remove the suppression.',
    },
  },
  client: {
    title: 'Client codes',
    intro:
      'Notices of `svc-admin-spec/client` (and `apply`) about the server it talks to, given to the `onDiagnostics` callback with phase `version`; they never stop a request.',
    codes: {
      'server-version':
        'The server reports a version the linter has no facts for (newer than the newest it knows, between two known versions, or not a release version such as a development build), so requests are linted with the facts of the closest older known version. Pass `targetVersion` to choose the facts yourself.',
    },
  },
};

/** Codes without a family, each with its own page. */
export const STANDALONE_CODES: Readonly<Record<string, { title: string; text: string }>> = {
  'internal-error': {
    title: 'Internal error',
    text: 'A bug in the linter, not in your document: one check failed on this document, and the message names it. The linter never crashes on a document: the failure becomes this finding, and the other checks and files still run. Please report it with the document (secrets removed); until it is fixed, turn that rule off for the file. For a custom rule (`@namespace/name`) the bug is in that rule: it threw, or reported a message id it does not declare, a pointer that is not a JSON Pointer or a malformed fix; tell its authors.',
  },
};

/** A one-line description of any file code (or standalone code), or undefined. */
export function describeFileCode(code: string): string | undefined {
  if (Object.hasOwn(STANDALONE_CODES, code)) return STANDALONE_CODES[code]!.text;
  const [family, name] = code.split('/') as [string, string | undefined];
  return name === undefined ? undefined : FILE_CODES[family]?.codes[name];
}
