/** Which server version's facts apply: the one configured, or the one GetBroker reports, asked once. */
import { NEWEST_TARGET_VERSION, type TargetVersion } from '../facts/target-version';
import type { GetBrokerResponse } from '../model/broker';
import type { CallOptions } from './options';
import type { Report } from './report';
import { decideVersion } from './version';
import { VersionError } from './errors';

/** The version to lint with, and the error to throw instead when the server is too old. */
export interface ResolvedTarget {
  target: TargetVersion;
  tooOld?: VersionError;
}

/** The client's answer to "which version?". */
export interface TargetLookup {
  /** The version used without asking: the configured one, else the newest known. */
  readonly fallback: TargetVersion;
  /** True while a look-up is under way or has succeeded. */
  started(): boolean;
  /** The version to lint with; asks the server once when the target is `'auto'`. */
  resolve(call: CallOptions | undefined): Promise<ResolvedTarget>;
}

/** A `TargetLookup` for `target` that asks with `getBroker` and reports approximations to `report`. */
export function targetLookup(
  target: TargetVersion | 'auto',
  getBroker: (call: CallOptions | undefined) => Promise<GetBrokerResponse>,
  report: Report,
): TargetLookup {
  let resolved: Promise<ResolvedTarget> | undefined;
  return {
    fallback: target === 'auto' ? NEWEST_TARGET_VERSION : target,
    started: () => resolved !== undefined,
    resolve(call) {
      if (target !== 'auto') return Promise.resolve({ target });
      if (!resolved) {
        resolved = getBroker(call).then((answer) => {
          const reported = answer.broker?.buildInfo?.version;
          const version = typeof reported === 'string' ? reported : '';
          const decision = decideVersion(version);
          const pointer = '/broker/buildInfo/version';
          if (decision.kind === 'too-old')
            return { target: decision.target, tooOld: new VersionError(version, decision.message) };
          if (decision.kind === 'approximate') {
            report({
              method: 'GetBroker',
              phase: 'version',
              diagnostics: [{ code: 'client/server-version', severity: 'info', pointer, message: decision.message }],
            });
          }
          return { target: decision.target };
        });
        // A failed look-up is not cached: the next call asks again.
        resolved.catch(() => (resolved = undefined));
      }
      return resolved;
    },
  };
}
