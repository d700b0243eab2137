// One way to print a benchmark's figures: a plain-text table with aligned columns.

/**
 * Prints `lines` under `header`, numbers right-aligned; `leftColumns` (the first by default) hold text.
 * @param {string[]} header
 * @param {string[][]} lines
 * @param {number[]} [leftColumns]
 */
export function printTable(header, lines, leftColumns = [0]) {
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => (line[column] ?? '').length)));
  const format = (/** @type {string[]} */ line) =>
    line
      .map((cell, column) => (leftColumns.includes(column) ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0)))
      .join('  ');
  console.log(`  ${format(header)}`);
  console.log(`  ${widths.map((width) => '─'.repeat(width)).join('  ')}`);
  for (const line of lines) console.log(`  ${format(line)}`);
}
