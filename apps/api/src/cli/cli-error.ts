/** Bad input from the operator: printed without a stack trace, exit code 1. */
export class CliError extends Error {}
