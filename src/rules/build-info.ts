import { defineRule } from '../rule-api/types';
import { own } from '../util/pointer';

/** `v<major>.<minor>.<patch>` with an optional `-suffix`, and a hexadecimal commit with an optional `-dirty`. */
const VERSION = /^v\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/;
const SHA = /^[0-9a-fA-F]{4,64}(-dirty)?$/;

/** Build information has the documented shapes. */
export default defineRule({
  id: 'build-info',
  severity: 'warning',
  appliesTo: 'get-broker-response',
  docs: {
    description:
      '`buildInfo.version` is `v<major>.<minor>.<patch>` (a `-suffix` is fine) and `buildInfo.buildSha` is hexadecimal (a `-dirty` suffix is fine).',
    rationale:
      'Tools pick version-dependent behaviour (such as the forbidden synced properties) from `version`; a version they cannot parse makes them guess. The server writes the latest `v*` tag of its build (`v0.0.0-dev` for unstamped builds) and the commit, which a build from a modified tree marks with `-dirty` (src/v/version/version.cc.in).',
  },
  messages: {
    version: 'version "{value}" is not v<major>.<minor>.<patch> (optionally with a -suffix), e.g. "v26.1.3".',
    sha: 'buildSha "{value}" is not a hexadecimal commit hash (optionally with "-dirty").',
  },
  check(ctx) {
    const info = own(own(ctx.doc, 'broker'), 'buildInfo');
    const version = own(info, 'version');
    if (typeof version === 'string' && !VERSION.test(version))
      ctx.report({ messageId: 'version', pointer: '/broker/buildInfo/version', data: { value: version } });
    const sha = own(info, 'buildSha');
    if (typeof sha === 'string' && !SHA.test(sha))
      ctx.report({ messageId: 'sha', pointer: '/broker/buildInfo/buildSha', data: { value: sha } });
  },
  examples: {
    valid: [
      { doc: { broker: { buildInfo: { version: 'v26.1.3-rc1', buildSha: '3f2a9c1d' } } } },
      {
        title: 'an unstamped build from a modified tree',
        doc: { broker: { buildInfo: { version: 'v0.0.0-dev', buildSha: `${'0'.repeat(40)}-dirty` } } },
      },
    ],
    invalid: [
      {
        doc: { broker: { buildInfo: { version: '26.1', buildSha: 'main' } } },
        errors: [
          { messageId: 'version', pointer: '/broker/buildInfo/version' },
          { messageId: 'sha', pointer: '/broker/buildInfo/buildSha' },
        ],
      },
    ],
  },
});
