import { defineRule } from '../src/engine/types';
import { objectAt, stringAt } from '../src/engine/helpers';

/** Build information has the documented shapes. */
export default defineRule({
  id: 'build-info',
  severity: 'warning',
  kinds: ['GetBrokerResponse'],
  docs: {
    description:
      '`buildInfo.version` is `v<major>.<minor>.<patch>` (a `-suffix` is fine) and `buildInfo.buildSha` is hexadecimal.',
    rationale:
      'Tools pick version-dependent behaviour (such as the forbidden synced properties) from `version`; a version they cannot parse makes them guess.',
  },
  messages: {
    version: 'version "{value}" is not v<major>.<minor>.<patch> (optionally with a -suffix), e.g. "v26.1.3".',
    sha: 'buildSha "{value}" is not a hexadecimal commit hash.',
  },
  check(ctx) {
    const info = objectAt({ value: ctx.doc, pointer: '' }, 'broker', 'buildInfo');
    const version = stringAt(info, 'version');
    if (version && !/^v\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/.test(version.value))
      ctx.report({ messageId: 'version', pointer: version.pointer, data: { value: version.value } });
    const sha = stringAt(info, 'buildSha');
    if (sha && !/^[0-9a-fA-F]{4,64}$/.test(sha.value))
      ctx.report({ messageId: 'sha', pointer: sha.pointer, data: { value: sha.value } });
  },
  examples: {
    valid: [{ doc: { broker: { buildInfo: { version: 'v26.1.3-rc1', buildSha: '3f2a9c1d' } } } }],
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
