/**
 * When each open document is linted: at once when an edit arrives and none of its lints is running
 * (no fixed delay). A lint of an older text that can be stopped (a large document's, in a worker)
 * is stopped and the new text linted at once; one that cannot (in the server's thread, a few
 * milliseconds) is followed by one lint of the newest text — at most one queued per document, so
 * fast typing never piles up stale work.
 */
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Analysis } from './analyze';

/** What the scheduler needs from the server. */
export interface LintHost {
  /** The document as the editor holds it now; undefined once closed. */
  document(uri: string): TextDocument | undefined;
  /** Lints one version of a document; `generation` says which settings files it must see. */
  analyze(document: TextDocument, wasOwned: boolean, generation: number): Promise<Analysis>;
  /** Shows the findings of the version that was linted. */
  publish(uri: string, version: number, analysis: Analysis): void;
  /** A lint failed (not merely cancelled). */
  failed(uri: string, error: unknown): void;
  /** Stops the running lint of a document whose text changed; true when it was stopped (its promise then rejects as cancelled). */
  supersede?(uri: string): boolean;
}

interface Lint {
  version: number;
  generation: number;
  promise: Promise<Analysis | undefined>;
}

interface DocState {
  /** The document was this linter's once: it stays so while being edited into shape. */
  wasOwned: boolean;
  current?: { version: number; generation: number; analysis: Analysis };
  running?: Lint | undefined;
  /** The one lint waiting for the running one; it lints whatever the text is when it starts. */
  queued?: Promise<Analysis | undefined> | undefined;
}

/** The lints of the open documents, one running and at most one queued per document. */
export class DocumentLints {
  private readonly states = new Map<string, DocState>();
  /** Which settings files the lints see: bumped whenever one changes. */
  private generation = 0;

  constructor(
    private readonly host: LintHost,
    /** True when a lint that failed this way was cancelled (document closed, server stopping), not broken. */
    private readonly cancelled: (error: unknown) => boolean = () => false,
  ) {}

  /**
   * The analysis of the document's current text: the one already made, the one running for it, or
   * a new lint — started now when none runs, else queued behind the running one.
   */
  lint(uri: string): Promise<Analysis | undefined> {
    const document = this.host.document(uri);
    if (!document) return Promise.resolve(undefined);
    let state = this.states.get(uri);
    if (!state) this.states.set(uri, (state = { wasOwned: false }));
    const version = document.version;
    const generation = this.generation;
    const { current, running } = state;
    if (current?.version === version && current.generation === generation) return Promise.resolve(current.analysis);
    if (running?.version === version && running.generation === generation) return running.promise;
    if (running && running.version !== version && this.host.supersede?.(uri)) state.running = undefined;
    else if (running) return (state.queued ??= this.after(running, uri, state));
    return this.start(uri, document, state).promise;
  }

  /** The last analysis published for a document, of whichever version and settings. */
  latest(uri: string): { version: number; analysis: Analysis } | undefined {
    return this.states.get(uri)?.current;
  }

  /** A settings file changed: every open document is linted again, its config found afresh. */
  relintAll(): void {
    this.generation++;
    for (const uri of this.states.keys()) void this.lint(uri);
  }

  /** Forgets a closed document (a lint still running for it publishes nothing). */
  close(uri: string): void {
    this.states.delete(uri);
  }

  /** The files the current findings of any document depend on (config, plugin and ignore files). */
  dependencies(): Set<string> {
    const out = new Set<string>();
    for (const s of this.states.values()) for (const d of s.current?.analysis.dependencies ?? []) out.add(d);
    return out;
  }

  /** The queued lint: runs when `running` settles, on the text as it is then. */
  private async after(running: Lint, uri: string, state: DocState): Promise<Analysis | undefined> {
    await running.promise;
    if (state.queued !== undefined) state.queued = undefined;
    return this.states.get(uri) === state ? this.lint(uri) : undefined;
  }

  private start(uri: string, document: TextDocument, state: DocState): Lint {
    const version = document.version;
    const generation = this.generation;
    const lint: Lint = {
      version,
      generation,
      promise: this.host.analyze(document, state.wasOwned, generation).then(
        (analysis) => {
          if (state.running === lint) state.running = undefined;
          if (this.states.get(uri) !== state || this.host.document(uri)?.version !== version) return undefined;
          state.wasOwned ||= analysis.owned;
          state.current = { version, generation, analysis };
          this.host.publish(uri, version, analysis);
          return analysis;
        },
        (error: unknown) => {
          if (state.running === lint) state.running = undefined;
          if (!this.cancelled(error)) this.host.failed(uri, error);
          return undefined;
        },
      ),
    };
    state.running = lint;
    return lint;
  }
}
