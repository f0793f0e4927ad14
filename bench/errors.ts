/** Bad usage of `vigil report` or `vigil generate`: a usage error (exit 2), apart so that the commands load nothing to know it. */
export class ReportError extends Error {}
