/** Findings that do not fail a call, handed to the `onDiagnostics` callback. */
import type { Diagnostic } from '../core/diagnostics';
import type { AdminMethod } from './errors';

/** Findings the client reports without failing the call. */
export interface DiagnosticsEvent {
  method: AdminMethod;
  /**
   * `request`: warnings and infos of the request as linted; `response`: findings of the response;
   * `exchange`: where the response does not honour the request (`checkExchange`); `version`:
   * about the server version found by `targetVersion: 'auto'`.
   */
  phase: 'request' | 'response' | 'exchange' | 'version';
  diagnostics: Diagnostic[];
}

/** Hands an event with findings to the callback. */
export type Report = (event: DiagnosticsEvent) => void;

/** The client's `Report`: events without findings are dropped, and only the request's may throw. */
export function reporter(onDiagnostics: ((event: DiagnosticsEvent) => void) | undefined): Report {
  return (event) => {
    if (event.diagnostics.length === 0 || !onDiagnostics) return;
    if (event.phase === 'request') return onDiagnostics(event);
    // After the call, a failing callback must not turn a created link into an error.
    try {
      onDiagnostics(event);
    } catch {
      // Ignored, as documented on the option.
    }
  };
}
