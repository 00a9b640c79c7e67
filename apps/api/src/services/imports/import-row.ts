/**
 * A data row: its line in the file (the heading is line 1) and its cells by column name, trimmed. An
 * extra column (`IMPORT_EXTRA_COLUMNS`) the file leaves out has no cell at all.
 */
export type ImportRow = { line: number; cells: Record<string, string> };
