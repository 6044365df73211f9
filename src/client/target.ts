/** Which server version's facts apply: the one configured, or the one GetBroker reports, asked once. */
import { NEWEST_TARGET_VERSION, type TargetVersion } from '../facts/target-version';
import type { GetBrokerResponse } from '../model/broker';
import type { MethodName } from '../model/methods';
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
  /**
   * The version to lint a call of `method` with (none: the version alone); asks the server once when
   * the target is `'auto'`, and says `tooOld` when the server is older than the method.
   */
  resolve(call: CallOptions | undefined, method?: MethodName): Promise<ResolvedTarget>;
}

/** A `TargetLookup` for `target` that asks with `getBroker` and reports approximations to `report`. */
export function targetLookup(
  target: TargetVersion | 'auto',
  getBroker: (call: CallOptions | undefined) => Promise<GetBrokerResponse>,
  report: Report,
): TargetLookup {
  let reported: Promise<string> | undefined;
  let approximationReported = false;
  return {
    fallback: target === 'auto' ? NEWEST_TARGET_VERSION : target,
    started: () => reported !== undefined,
    async resolve(call, method) {
      if (target !== 'auto') return { target };
      if (!reported) {
        reported = getBroker(call).then((answer) => {
          const version = answer.broker?.buildInfo?.version;
          return typeof version === 'string' ? version : '';
        });
        // A failed look-up is not cached: the next call asks again.
        reported.catch(() => (reported = undefined));
      }
      const version = await reported;
      // Without a method, no method's minimum applies: GetBroker's row has none.
      const decision = decideVersion(version, method ?? 'GetBroker');
      if (decision.kind === 'too-old')
        return { target: decision.target, tooOld: new VersionError(version, decision.message) };
      if (decision.kind === 'approximate' && !approximationReported) {
        // Said once per client, whichever call learnt it.
        approximationReported = true;
        report({
          method: 'GetBroker',
          phase: 'version',
          diagnostics: [
            {
              code: 'client/server-version',
              severity: 'info',
              pointer: '/broker/buildInfo/version',
              message: decision.message,
            },
          ],
        });
      }
      return { target: decision.target };
    },
  };
}
