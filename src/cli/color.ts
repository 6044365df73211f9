/** Whether a command paints its output: one decision for every command that prints findings. */
import type { CliIO } from './io';

/** The flag (`--color`/`--no-color`) when given, else FORCE_COLOR / NO_COLOR, else whether stdout is a terminal. */
export function useColor(flag: boolean | undefined, io: CliIO): boolean {
  if (flag !== undefined) return flag;
  const force = io.env['FORCE_COLOR'];
  if (force !== undefined && force !== '') return force !== '0' && force !== 'false';
  if (io.env['NO_COLOR'] !== undefined && io.env['NO_COLOR'] !== '') return false;
  return Boolean(io.stdout.isTTY);
}
