/**
 * Helm charts: the files of a chart's `templates/` folder are Go templates (`{{ .Values.x }}`) that
 * render to Kubernetes manifests, never Admin API documents, and mostly not YAML until rendered.
 */
import { statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** True when `path` is a regular file (or a link to one). */
function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** Answers "is this directory in a Helm chart's templates?" for one run; each directory is asked once. */
export class HelmCharts {
  private readonly charts = new Map<string, string | null>();

  /**
   * The `Chart.yaml` of the chart whose `templates` folder holds `dir` (at any depth below it), or
   * undefined: a folder named `templates` with a `Chart.yaml` beside it is a chart's.
   */
  chartOf(dir: string): string | undefined {
    let chart = this.charts.get(dir);
    if (chart === undefined) {
      const parent = dirname(dir);
      const file = join(parent, 'Chart.yaml');
      if (basename(dir) === 'templates' && isFile(file)) chart = file;
      else chart = parent === dir ? null : (this.chartOf(parent) ?? null);
      this.charts.set(dir, chart);
    }
    return chart ?? undefined;
  }
}
