/** The executable's commands: one list for the argument parser and the launcher (which imports nothing else). */

/** The commands. */
export const COMMANDS = [
  'lint',
  'rules',
  'init',
  'convert',
  'preview',
  'check-exchange',
  'apply',
  'get-broker',
  'lsp',
] as const;

/** The commands and the flags people write in a command's place (for "did you mean", and the launcher's kinds of run). */
export const COMMAND_LIKE: readonly string[] = [...COMMANDS, 'help', '--help', '--version', '--print-config'];
