// A test reporter that writes a line for each top-level test (a file's test or suite): its file
// and how long it took, in seconds. scripts/test.mjs sums them per file to balance its
// processes. A line per test, not a summary at the end: the process exits as its last test ends.
export default async function* timings(source) {
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const { nesting, file, details } = event.data;
    if (nesting !== 0 || !file || !details?.duration_ms) continue;
    yield `${JSON.stringify([file, details.duration_ms / 1000])}\n`;
  }
}
