// House policy for shadow links, as custom svc-admin-spec rules. svc-admin-spec.config.yaml loads
// this file with `plugins: ["./policy/rules.mjs"]`; a library user passes the rules to `lint`:
// lint(kind, value, { customRules: rules }).
import { defineRule } from 'svc-admin-spec';

const SCRAM_SHA_512 = 'SCRAM_MECHANISM_SCRAM_SHA_512';

/** A CreateShadowLink request with TLS and SCRAM of `mechanism`: an example document. */
const scramRequest = (mechanism) => ({
  shadowLink: {
    name: 'x',
    configurations: {
      clientOptions: {
        bootstrapServers: ['source:9093'],
        tlsSettings: { enabled: true },
        authenticationConfiguration: { scramConfiguration: { username: 'u', password: 'p', scramMechanism: mechanism } },
      },
    },
  },
});

const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every link reaches its source cluster over TLS and authenticates with SCRAM-SHA-512. */
export const tlsRequired = defineRule({
  id: '@acme/tls-required',
  severity: 'error',
  appliesTo: 'request-link',
  docs: {
    description: 'Every shadow link uses TLS and SCRAM-SHA-512 toward its source cluster.',
    rationale: 'Security policy PS-12: replication traffic crosses data centres.',
    url: 'https://wiki.example.com/platform/policies/ps-12',
  },
  messages: {
    plaintext:
      'The link neither enables TLS nor authenticates with SCRAM; set `tlsSettings.enabled: true` and use `scramConfiguration` with SCRAM-SHA-512 (policy PS-12).',
    noTls: 'The link does not enable TLS toward its source; set `tlsSettings.enabled: true` (policy PS-12).',
    noScram: 'The link does not authenticate with SCRAM; use `scramConfiguration` with SCRAM-SHA-512 (policy PS-12).',
    weakScram: '`scramMechanism` is {mechanism}; policy PS-12 requires SCRAM_MECHANISM_SCRAM_SHA_512.',
  },
  check(ctx) {
    // ctx.link is the shadow link object (the document for ShadowLink, `shadowLink` in a request).
    const client = ctx.link?.value?.configurations?.clientOptions;
    if (!isObject(client)) return; // a missing or malformed section is reported by the built-in rules
    const at = `${ctx.link.pointer}/configurations/clientOptions`;
    const tls = client.tlsSettings;
    const auth = client.authenticationConfiguration;
    const scram = isObject(auth) ? auth.scramConfiguration : undefined;
    // One finding per place: a rule's findings at the same pointer would be merged into one.
    if (!isObject(tls) && !isObject(auth)) return ctx.report({ messageId: 'plaintext', pointer: at });
    if (!isObject(tls) || tls.enabled !== true)
      ctx.report({ messageId: 'noTls', pointer: isObject(tls) ? `${at}/tlsSettings` : at });
    if (!isObject(scram)) {
      ctx.report({ messageId: 'noScram', pointer: isObject(auth) ? `${at}/authenticationConfiguration` : at });
    } else if (scram.scramMechanism !== SCRAM_SHA_512) {
      const pointer = `${at}/authenticationConfiguration/scramConfiguration/scramMechanism`;
      ctx.report({
        messageId: 'weakScram',
        pointer,
        data: { mechanism: String(scram.scramMechanism ?? 'not set') },
        // A suggestion, not an automatic fix: the source cluster's user needs SCRAM-SHA-512 credentials first.
        suggestions: [
          {
            message: 'Use SCRAM-SHA-512.',
            fix: { kind: 'replace-value', pointer, value: SCRAM_SHA_512 },
          },
        ],
      });
    }
  },
  examples: {
    valid: [
      {
        doc: {
          name: 'eu-west-1-orders',
          configurations: {
            clientOptions: {
              bootstrapServers: ['source:9093'],
              tlsSettings: { enabled: true },
              authenticationConfiguration: {
                scramConfiguration: { username: 'u', password: 'p', scramMechanism: SCRAM_SHA_512 },
              },
            },
          },
        },
      },
    ],
    invalid: [
      {
        title: 'plaintext and no authentication',
        doc: { name: 'x', configurations: { clientOptions: { bootstrapServers: ['source:9092'] } } },
        errors: [{ messageId: 'plaintext', pointer: '/configurations/clientOptions' }],
      },
      {
        title: 'TLS switched off, SASL/PLAIN',
        doc: {
          name: 'x',
          configurations: {
            clientOptions: {
              bootstrapServers: ['source:9093'],
              tlsSettings: { enabled: false },
              authenticationConfiguration: { plainConfiguration: { username: 'u', password: 'p' } },
            },
          },
        },
        errors: [
          { messageId: 'noTls', pointer: '/configurations/clientOptions/tlsSettings' },
          { messageId: 'noScram', pointer: '/configurations/clientOptions/authenticationConfiguration' },
        ],
      },
      {
        title: 'SCRAM-SHA-256 in a request',
        kind: 'CreateShadowLinkRequest',
        doc: scramRequest('SCRAM_MECHANISM_SCRAM_SHA_256'),
        errors: [
          {
            messageId: 'weakScram',
            pointer: '/shadowLink/configurations/clientOptions/authenticationConfiguration/scramConfiguration/scramMechanism',
            // Each suggestion with a fix states the document after it; --fix changes nothing here (no `output`).
            suggestions: [{ message: 'Use SCRAM-SHA-512.', output: scramRequest(SCRAM_SHA_512) }],
          },
        ],
      },
    ],
  },
});

/** Link names start with the region of their source cluster, so that dashboards group them. */
export const linkNameRegion = defineRule({
  id: '@acme/link-name-region',
  severity: 'warning',
  appliesTo: 'request-link',
  docs: {
    description: 'A shadow link name starts with the region of its source cluster (`eu-west-1-orders`).',
    url: 'https://wiki.example.com/platform/naming#shadow-links',
  },
  options: {
    regions: {
      description: 'The region prefixes a name may start with.',
      default: ['eu-west-1', 'us-east-1'],
      schema: { type: 'array', items: { type: 'string' } },
    },
  },
  messages: {
    region: 'The link name "{name}" does not start with a region ({regions}); name it like "{example}".',
  },
  check(ctx) {
    const name = ctx.link?.value?.name;
    if (typeof name !== 'string' || name === '') return;
    const regions = ctx.options.regions;
    if (regions.some((r) => name.startsWith(`${r}-`))) return;
    ctx.report({
      messageId: 'region',
      pointer: `${ctx.link.pointer}/name`,
      data: { name, regions: regions.join(', '), example: `${regions[0]}-${name}` },
    });
  },
  examples: {
    valid: [{ doc: { name: 'us-east-1-payments' } }, { doc: { name: 'ap-1-x' }, options: { regions: ['ap-1'] } }],
    invalid: [{ doc: { name: 'orders' }, errors: [{ messageId: 'region', pointer: '/name' }] }],
  },
});

export default [tlsRequired, linkNameRegion];
